"use client";

import { formatCents, formatUnixDate } from "@/lib/format";
import { useApi } from "@/lib/hooks/use-api";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { Invoice } from "./types";

const FETCH_ERROR = "Erreur lors de la récupération des factures";

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  paid: { label: "Payée", tone: "success" },
  open: { label: "En attente", tone: "warning" },
  void: { label: "Annulée", tone: "neutral" },
  draft: { label: "Brouillon", tone: "neutral" },
};

export function invoiceStatus(status: string | null | undefined) {
  return STATUS[status ?? ""] ?? { label: "Échec", tone: "danger" as BadgeTone };
}

function invoiceAmount(inv: Invoice) {
  const cents = inv.status === "paid" ? inv.amount_paid : inv.amount_due;
  return formatCents(cents ?? inv.total);
}

function PdfAction({ inv }: { inv: Invoice }) {
  const enabled = inv.status === "paid" || inv.status === "open";
  const label = inv.status === "paid" ? "Télécharger" : "Voir la facture";
  if (!enabled) {
    return (
      <button type="button" disabled className={buttonClasses("ghost", "sm")}>
        {label}
      </button>
    );
  }
  return (
    <a
      href={`/api/payments/invoices/${encodeURIComponent(inv.id)}/pdf`}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses("secondary", "sm")}
    >
      {label}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}

export function InvoiceTable() {
  const { data, error, loading } = useApi<Invoice[]>("/api/payments/invoices", FETCH_ERROR);
  // The invoices endpoint may not exist yet (404): that means no invoice, not a failure.
  const missing = error?.status === 404;
  const invoices = missing ? [] : Array.isArray(data) ? data : [];

  return (
    <Card>
      <CardHeader title="Factures" />
      {loading && data === undefined ? (
        <CardBody role="status" aria-label="Chargement des factures" className="space-y-3">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </CardBody>
      ) : error && !missing ? (
        <CardBody>
          <Alert tone="error">{error.message}</Alert>
        </CardBody>
      ) : invoices.length === 0 ? (
        <CardBody>
          <p className="text-sm text-zinc-500">Aucune facture</p>
        </CardBody>
      ) : (
        <Table aria-label="Factures">
          <THead>
            <tr>
              <Th>Date</Th>
              <Th numeric>Montant</Th>
              <Th>Statut</Th>
              <Th className="text-right">Facture</Th>
            </tr>
          </THead>
          <TBody>
            {invoices.map((inv) => {
              const st = invoiceStatus(inv.status);
              return (
                <Tr key={inv.id}>
                  <Td className="num whitespace-nowrap">{formatUnixDate(inv.created)}</Td>
                  <Td numeric className="font-medium text-zinc-900">
                    {invoiceAmount(inv)}
                  </Td>
                  <Td>
                    <Badge tone={st.tone}>{st.label}</Badge>
                  </Td>
                  <Td className="text-right">
                    <PdfAction inv={inv} />
                  </Td>
                </Tr>
              );
            })}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
