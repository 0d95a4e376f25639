"use client";

import { useState } from "react";
import Link from "next/link";
import { type TFlagsFilter, type TPriceFlag, usePriceFlags } from "@/client/hooks/use-price-flags";
import { formatDate, formatDateTime, formatEuros } from "@/lib/format";
import { productPath } from "@/lib/products/product-path";
import { FLAG_KIND_LABELS, FLAG_KINDS, type TFloorEvidence, type TPromotionEvidence } from "@/lib/flags/schemas";
import { FlagEvidence } from "@/components/evidence/flag-evidence";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";

const STATUS_LABELS = { open: "En cours", resolved: "Terminés", all: "Tous" } as const;

// a phone stacks each label over its value; a date stays on one line
const DL = "mt-1 grid grid-cols-1 text-xs text-zinc-600 tabular-nums sm:grid-cols-[auto_1fr] sm:gap-x-3 sm:gap-y-0.5";
const DD = "mb-1 sm:mb-0";
const When = ({ at, time = true }: { at: string; time?: boolean }) => (
  <span className="whitespace-nowrap">{time ? formatDateTime(at) : formatDate(at)}</span>
);

function Evidence({ flag }: { flag: TPriceFlag }) {
  if (flag.kind === "suspect_promotion") {
    const e = flag.evidence as TPromotionEvidence;
    const eur = (v: string) => <span className="whitespace-nowrap">{formatEuros(v, e.currency)}</span>;
    return (
      <dl className={DL}>
        <dt>Prix barré</dt>
        <dd className={DD}>
          <span className="line-through">{eur(e.regular_price)}</span> → {eur(e.price)} (relevé le{" "}
          <When at={e.observed_at} />)
        </dd>
        <dt>Réduction depuis</dt>
        <dd className={DD}>
          le <When at={e.reduction_started.at} /> à {eur(e.reduction_started.price)}
        </dd>
        <dt>Plus bas des 30 jours avant la réduction</dt>
        <dd className={DD}>
          <strong className="font-semibold text-zinc-900">{eur(e.lowest.price)}</strong> le <When at={e.lowest.at} /> (
          {e.readings_in_window} relevé(s) du <When at={e.window_from} time={false} /> au{" "}
          <When at={e.window_to} time={false} />)
        </dd>
      </dl>
    );
  }
  const e = flag.evidence as TFloorEvidence;
  return (
    <dl className={DL}>
      <dt>Prix relevé</dt>
      <dd className={DD}>
        <strong className="font-semibold whitespace-nowrap text-zinc-900">{formatEuros(e.price, e.currency)}</strong> le{" "}
        <When at={e.observed_at} />
      </dd>
      <dt>Prix minimum annoncé surveillé</dt>
      <dd className={DD}>
        <span className="whitespace-nowrap">{formatEuros(e.min_advertised_price, e.currency)}</span>
      </dd>
    </dl>
  );
}

function FlagItem({ flag, showProduct }: { flag: TPriceFlag; showProduct: boolean }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900">
          <Badge tone={flag.kind === "suspect_promotion" ? "danger" : "warning"}>{flag.kind_label}</Badge>
          {showProduct ? (
            <Link href={productPath(flag.product_id)} className="hover:underline">
              {flag.product_name}
            </Link>
          ) : null}
        </p>
        <p className="mt-1 text-xs text-zinc-500">
          <a href={flag.url} target="_blank" rel="noopener noreferrer" className="hover:underline">
            {flag.url_name}
          </a>
        </p>
        <Evidence flag={flag} />
        <FlagEvidence capture={flag.evidence_capture} />
      </div>
      <Badge tone={flag.resolved_at ? "neutral" : "brand"}>
        {flag.resolved_at ? `Terminé le ${formatDate(flag.resolved_at)}` : "En cours"}
      </Badge>
    </li>
  );
}

type Props = {
  /** Only this product's flags (the product dialog); otherwise every product's, with its name. */
  productId?: string;
  className?: string;
};

/**
 * The promotion checks with their evidence: suspect promotions (Omnibus) and the monitoring of the minimum
 * advertised price. Loads its own data, so it can be placed on any screen.
 */
export function FlagsList({ productId, className }: Props) {
  const [filter, setFilter] = useState<TFlagsFilter>({ status: "open", kind: "", productId });
  const flags = usePriceFlags(filter);
  return (
    <div className={className}>
      <div className="mb-3 grid gap-2 sm:flex sm:justify-end">
        <Select
          aria-label="Type de signalement"
          value={filter.kind}
          onChange={(e) => setFilter({ ...filter, kind: e.target.value as TFlagsFilter["kind"] })}
        >
          <option value="">Tous les contrôles</option>
          {FLAG_KINDS.map((k) => (
            <option key={k} value={k}>
              {FLAG_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="État des signalements"
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.target.value as TFlagsFilter["status"] })}
        >
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {flags.error && !flags.data ? (
        <Alert tone="error">{flags.error.message}</Alert>
      ) : !flags.data ? (
        <div role="status" aria-label="Chargement des contrôles de promotion" className="space-y-2">
          <Skeleton className="h-16 w-full" />
        </div>
      ) : flags.data.length === 0 ? (
        <p className="py-3 text-sm text-zinc-500">Aucun signalement</p>
      ) : (
        <ul aria-label="Contrôles de promotion" className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
          {flags.data.map((f) => (
            <FlagItem key={f.id} flag={f} showProduct={!productId} />
          ))}
        </ul>
      )}
    </div>
  );
}
