"use client";

import { useState } from "react";
import Link from "next/link";
import { type TFlagsFilter, type TPriceFlag, usePriceFlags } from "@/client/hooks/use-price-flags";
import { formatDate, formatDateTime, formatEuros } from "@/lib/format";
import { FLAG_KIND_LABELS, FLAG_KINDS, type TFloorEvidence, type TPromotionEvidence } from "@/lib/flags/schemas";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { productPath } from "@/lib/products/product-path";

const STATUS_LABELS = { open: "En cours", resolved: "Terminés", all: "Tous" } as const;

function Evidence({ flag }: { flag: TPriceFlag }) {
  if (flag.kind === "suspect_promotion") {
    const e = flag.evidence as TPromotionEvidence;
    const eur = (v: string) => formatEuros(v, e.currency);
    return (
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-zinc-600 tabular-nums">
        <dt>Prix barré</dt>
        <dd>
          <span className="line-through">{eur(e.regular_price)}</span> → {eur(e.price)} (relevé le{" "}
          {formatDateTime(e.observed_at)})
        </dd>
        <dt>Réduction depuis</dt>
        <dd>
          le {formatDateTime(e.reduction_started.at)} à {eur(e.reduction_started.price)}
        </dd>
        <dt>Plus bas des 30 jours avant</dt>
        <dd>
          <strong className="font-semibold text-zinc-900">{eur(e.lowest.price)}</strong> le{" "}
          {formatDateTime(e.lowest.at)} ({e.readings_in_window} relevé(s) du {formatDate(e.window_from)} au{" "}
          {formatDate(e.window_to)})
        </dd>
      </dl>
    );
  }
  const e = flag.evidence as TFloorEvidence;
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-zinc-600 tabular-nums">
      <dt>Prix relevé</dt>
      <dd>
        <strong className="font-semibold text-zinc-900">{formatEuros(e.price, e.currency)}</strong> le{" "}
        {formatDateTime(e.observed_at)}
      </dd>
      <dt>Prix minimum annoncé</dt>
      <dd>{formatEuros(e.min_advertised_price, e.currency)}</dd>
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
