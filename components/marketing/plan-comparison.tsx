import type { ReactNode } from "react";
import { TBody, THead, Table, Td, Tr } from "@/components/ui/table";
import { Icon } from "./icons";
import type { TPublicPlan } from "./load-plans";
import { planPrice } from "@/components/billing/plan-text";

function Included({ value }: { value: boolean }) {
  return value ? (
    <span className="inline-flex items-center justify-center text-brand-600">
      <Icon name="check" className="size-5" />
      <span className="sr-only">Inclus</span>
    </span>
  ) : (
    <span className="text-zinc-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Non inclus</span>
    </span>
  );
}

const limit = (n: number | null, unit: string, unlimited: string) => (n === null ? unlimited : `${n} ${unit}`);

const ROWS: { label: string; cell: (p: TPublicPlan) => ReactNode }[] = [
  {
    label: "Prix mensuel",
    cell: (p) => {
      const price = planPrice(p);
      return (
        <span className="num font-semibold text-zinc-900">
          {price.amount} <span className="font-normal text-zinc-500">{price.suffix}</span>
        </span>
      );
    },
  },
  { label: "Produits suivis", cell: (p) => limit(p.limits.max_products, "produits max", "Illimités") },
  { label: "URLs par produit", cell: (p) => limit(p.limits.max_urls_per_product, "URLs", "Illimitées") },
  { label: "Historique des prix", cell: (p) => limit(p.limits.history_retention_days, "jours", "Illimité") },
  {
    label: "Fréquence des relevés",
    cell: (p) => (p.type === "freemium" ? "Quotidienne" : "Jusqu'à toutes les heures"),
  },
  { label: "Relance manuelle d'un relevé", cell: () => <Included value /> },
  { label: "Export CSV", cell: () => <Included value /> },
  { label: "Automatisation", cell: (p) => <Included value={p.limits.has_automation} /> },
  { label: "Alertes par email", cell: (p) => <Included value={p.limits.has_email_alerts} /> },
];

/** Feature-by-feature comparison of the plans, one column per plan. */
export function PlanComparison({ plans }: { plans: TPublicPlan[] }) {
  if (plans.length === 0) return null;
  return (
    <div className="overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xs">
      <Table aria-labelledby="comparatif">
        <THead>
          <tr>
            <th
              scope="col"
              className="w-1/3 min-w-44 px-4 py-3 text-xs font-semibold tracking-wide text-zinc-500 uppercase"
            >
              Fonctionnalité
            </th>
            {plans.map((p) => (
              <th
                key={p.code}
                scope="col"
                className="min-w-36 px-4 py-3 text-center text-sm font-semibold text-zinc-900"
              >
                {p.name}
              </th>
            ))}
          </tr>
        </THead>
        <TBody>
          {ROWS.map((row) => (
            <Tr key={row.label}>
              <th scope="row" className="px-4 py-3 text-sm font-medium text-zinc-700">
                {row.label}
              </th>
              {plans.map((p) => (
                <Td key={p.code} className="text-center">
                  {row.cell(p)}
                </Td>
              ))}
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
