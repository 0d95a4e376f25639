"use client";

import { type ReactNode, use, useState } from "react";
import {
  queryString,
  type TChangesData,
  type TMerchantsData,
  useMarketChanges,
  useMarketMerchants,
} from "@/client/hooks/use-market";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import type { TBasis } from "@/lib/insights/schemas";
import { formatDateTime } from "@/lib/format";
import { ChangesList } from "./changes-list";
import { MerchantsTable } from "./merchants-table";

const MERCHANT_SORTS = {
  cheapest_rate: "Le plus souvent le moins cher",
  average_gap: "Écart moyen à mon prix",
  out_of_stock_rate: "Taux de rupture",
  domain: "Nom",
} as const;

/**
 * The server's first answer of a section, streamed after the page: null when its load failed on the server,
 * then the section's hook fetches it and shows its own error.
 */
export type TStreamed<T> = Promise<T | null>;

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      <Skeleton className="h-5 w-3/4" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-5/6" />
      <Skeleton className="h-5 w-2/3" />
    </div>
  );
}

/** A section's card while its first answer is on its way (the Suspense fallback). */
export function SectionSkeleton({ title }: { title: string }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody>
        <Loading label={`Chargement : ${title.toLowerCase()}`} />
      </CardBody>
    </Card>
  );
}

function SectionBody(props: { error?: Error; loading: boolean; label: string; children: ReactNode }) {
  if (props.error) return <Alert tone="error">{props.error.message}</Alert>;
  if (props.loading) return <Loading label={props.label} />;
  return props.children;
}

/** The page's basis now and the one its first answers were read on: the sections compare as the table does. */
type TBasisProps = { initialBasis: TBasis; basis: TBasis };
const basisParam = (basis: TBasis) => (basis === "price" ? undefined : basis);

/** 'Ce qui a changé': the moves since yesterday (the streamed first answer) or over 7 days. */
export function ChangesCard({ initial, initialBasis, basis }: { initial: TStreamed<TChangesData> } & TBasisProps) {
  const first = use(initial);
  const [period, setPeriod] = useState<"day" | "week">("day");
  const changes = useMarketChanges(
    queryString({ period, limit: "50", basis: basisParam(basis) }),
    period === "day" && basis === initialBasis ? (first ?? undefined) : undefined,
  );
  return (
    <Card>
      <CardHeader
        title="Ce qui a changé"
        actions={
          <Select aria-label="Période" value={period} onChange={(e) => setPeriod(e.target.value as "day" | "week")}>
            <option value="day">Depuis hier</option>
            <option value="week">Depuis 7 jours</option>
          </Select>
        }
      />
      <CardBody>
        <SectionBody error={changes.error} loading={!changes.data} label="Chargement des changements">
          {changes.data?.as_of ? (
            <p className="mb-2 text-xs text-zinc-500">
              Liste calculée le {formatDateTime(changes.data.as_of)} : pour un grand catalogue, elle est mise à jour
              toutes les une à deux minutes.
            </p>
          ) : null}
          {changes.data?.changes.length ? (
            <ChangesList changes={changes.data.changes} />
          ) : (
            <p className="text-sm text-zinc-500">
              Aucun changement de prix ou de stock sur la période.
              {changes.data?.as_of
                ? null
                : " Les changements apparaissent dès qu'un nouveau relevé diffère du précédent."}
            </p>
          )}
        </SectionBody>
      </CardBody>
    </Card>
  );
}

/** 'Marchands': per merchant, how often the cheapest, the average gap and the out-of-stock rate. */
export function MerchantsCard({ initial, initialBasis, basis }: { initial: TStreamed<TMerchantsData> } & TBasisProps) {
  const first = use(initial);
  const [sort, setSort] = useState<keyof typeof MERCHANT_SORTS>("cheapest_rate");
  const merchants = useMarketMerchants(
    queryString({ sort, basis: basisParam(basis) }),
    sort === "cheapest_rate" && basis === initialBasis ? (first ?? undefined) : undefined,
  );
  return (
    <Card>
      <CardHeader
        title="Marchands"
        actions={
          <Select
            aria-label="Trier les marchands"
            value={sort}
            onChange={(e) => setSort(e.target.value as keyof typeof MERCHANT_SORTS)}
          >
            {Object.entries(MERCHANT_SORTS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </Select>
        }
      />
      <CardBody>
        <SectionBody error={merchants.error} loading={!merchants.data} label="Chargement des marchands">
          {merchants.data?.merchants.length ? (
            <MerchantsTable merchants={merchants.data.merchants} />
          ) : (
            <p className="text-sm text-zinc-500">Aucun marchand relevé pour l'instant.</p>
          )}
        </SectionBody>
      </CardBody>
    </Card>
  );
}
