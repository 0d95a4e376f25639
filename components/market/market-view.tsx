"use client";

import Link from "next/link";
import { Suspense, useState } from "react";
import {
  queryString,
  type TChangesData,
  type TMerchantsData,
  type TOverviewData,
  useMarketOverview,
} from "@/client/hooks/use-market";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { BASES, BASIS_LABELS, OVERVIEW_PAGE, POSITION_LABELS, POSITIONS, type TBasis } from "@/lib/insights/schemas";
import { ChangesCard, MerchantsCard, SectionSkeleton, type TStreamed } from "./market-sections";
import { MarketSummary } from "./market-summary";
import { OverviewTable } from "./overview-table";
import { PromotionFlagsSlot } from "./promotion-flags-slot";

/** The page's first data: the overview with the page, the merchants and the changes streamed after it. */
export type TMarketInitial = {
  overview: TOverviewData;
  merchants: TStreamed<TMerchantsData>;
  changes: TStreamed<TChangesData>;
  basis: TBasis;
};

/** The basis is kept in the page's address (?basis=total), so a reload or a shared link compares the same way. */
function keepBasisInUrl(basis: TBasis) {
  const url = new URL(window.location.href);
  if (basis === "price") url.searchParams.delete("basis");
  else url.searchParams.set("basis", basis);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

const SORTS = {
  "gap_to_cheapest:desc": "Écart au moins cher (plus cher d'abord)",
  "gap_to_cheapest:asc": "Écart au moins cher (moins cher d'abord)",
  "gap_to_average:desc": "Écart à la moyenne",
  "price_index:desc": "Indice prix",
  "name:asc": "Nom du produit",
} as const;

function EmptyOverview({ products }: { products: number }) {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 px-4 py-8 text-center">
      <p className="font-medium text-zinc-900">
        {products === 0 ? "Aucun produit surveillé pour l'instant" : "Renseignez « mon prix » pour vous situer"}
      </p>
      <p className="mx-auto mt-1 max-w-md text-sm text-zinc-500">
        {products === 0
          ? "Ajoutez un produit et les pages des marchands qui le vendent : la vue marché compare ensuite vos prix aux leurs."
          : "Ouvrez un produit, puis saisissez « Mon prix (prix de référence, €) » sous la comparaison des prix. Chaque produit avec mon prix apparaît ici face au marché."}
      </p>
      <Link href="/products" className={buttonClasses("primary", "sm", "mt-4")}>
        {products === 0 ? "Ajouter un produit" : "Voir mes produits"}
      </Link>
    </div>
  );
}

/** Below the table when the lines do not fit one page: which ones are shown, and the way to the others. */
function OverviewPager(props: { offset: number; shown: number; total: number; onPage: (offset: number) => void }) {
  const { offset, shown, total, onPage } = props;
  if (offset === 0 && shown >= total) return null;
  const fmt = (n: number) => n.toLocaleString("fr-FR");
  return (
    <nav aria-label="Pages du positionnement" className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-zinc-600">
        Produits {fmt(offset + 1)} à {fmt(offset + shown)} sur {fmt(total)} : affinez avec la recherche ou la position.
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClasses("secondary", "sm")}
          disabled={offset === 0}
          onClick={() => onPage(Math.max(0, offset - OVERVIEW_PAGE))}
        >
          Précédents
        </button>
        <button
          type="button"
          className={buttonClasses("secondary", "sm")}
          disabled={offset + shown >= total}
          onClick={() => onPage(offset + OVERVIEW_PAGE)}
        >
          Suivants
        </button>
      </div>
    </nav>
  );
}

export function MarketView({ initial }: { initial: TMarketInitial }) {
  const [position, setPosition] = useState("all");
  const [search, setSearch] = useState("");
  const [sortKey, setSortKey] = useState<keyof typeof SORTS>("gap_to_cheapest:desc");
  const [basis, setBasis] = useState<TBasis>(initial.basis);
  const [offset, setOffset] = useState(0);

  const [sort, order] = sortKey.split(":");
  const filters = {
    position: position === "all" ? undefined : position,
    q: search.trim() || undefined,
    sort,
    order,
    basis: basis === "price" ? undefined : basis,
  };
  const overviewQuery = queryString({ ...filters, offset: offset ? String(offset) : undefined });
  const initialOverview = queryString({
    sort: "gap_to_cheapest",
    order: "desc",
    basis: initial.basis === "price" ? undefined : initial.basis,
  });
  const overview = useMarketOverview(overviewQuery, overviewQuery === initialOverview ? initial.overview : undefined);

  const data = overview.data ?? initial.overview;
  const exportQuery = queryString({ ...filters });
  // a new filter, sort or basis starts again from the first page
  const refine =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setOffset(0);
    };
  const hasLines = data.summary.with_reference_price > 0;

  return (
    <div className="space-y-6">
      {overview.error ? <Alert tone="error">{overview.error.message}</Alert> : null}
      <Card>
        <CardHeader
          title="Mon positionnement"
          description="Mon prix face au prix le plus bas et à la moyenne des marchands."
        />
        <CardBody className="space-y-5">
          {hasLines ? <MarketSummary summary={data.summary} /> : <EmptyOverview products={data.summary.products} />}
          {hasLines ? (
            <>
              <form
                className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
                aria-label="Filtres"
                onSubmit={(e) => e.preventDefault()}
              >
                <label className="text-sm">
                  <span className="mb-1 block font-medium text-zinc-700">Rechercher</span>
                  <Input
                    type="search"
                    value={search}
                    onChange={(e) => refine(setSearch)(e.target.value)}
                    placeholder="Nom, SKU, EAN, marque…"
                  />
                </label>
                <label className="text-sm">
                  <span className="mb-1 block font-medium text-zinc-700">Position</span>
                  <Select value={position} onChange={(e) => refine(setPosition)(e.target.value)}>
                    <option value="all">Toutes</option>
                    {POSITIONS.map((p) => (
                      <option key={p} value={p}>
                        {POSITION_LABELS[p]}
                      </option>
                    ))}
                  </Select>
                </label>
                <label className="text-sm">
                  <span className="mb-1 block font-medium text-zinc-700">Trier par</span>
                  <Select value={sortKey} onChange={(e) => refine(setSortKey)(e.target.value as keyof typeof SORTS)}>
                    {Object.entries(SORTS).map(([k, label]) => (
                      <option key={k} value={k}>
                        {label}
                      </option>
                    ))}
                  </Select>
                </label>
                <label className="text-sm">
                  <span className="mb-1 block font-medium text-zinc-700">Comparer sur</span>
                  <Select
                    value={basis}
                    onChange={(e) => {
                      const next = e.target.value as TBasis;
                      refine(setBasis)(next);
                      keepBasisInUrl(next);
                    }}
                  >
                    {BASES.map((b) => (
                      <option key={b} value={b}>
                        {BASIS_LABELS[b]}
                      </option>
                    ))}
                  </Select>
                </label>
              </form>
              {basis === "total" ? (
                <p className="text-xs text-zinc-600">
                  Prix livraison comprise quand la page indique les frais de port ; sinon le prix seul est compté.
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <a
                  href={`/api/insights/overview.csv${exportQuery}`}
                  className={buttonClasses("secondary", "sm")}
                  download
                >
                  Exporter en CSV
                </a>
                <a
                  href={`/api/insights/overview.xlsx${exportQuery}`}
                  className={buttonClasses("secondary", "sm")}
                  download
                >
                  Exporter en Excel
                </a>
              </div>
              {data.products.length ? (
                <>
                  <OverviewTable lines={data.products} />
                  <OverviewPager
                    offset={data.offset}
                    shown={data.products.length}
                    total={data.total_lines}
                    onPage={setOffset}
                  />
                </>
              ) : (
                <p className="text-sm text-zinc-500">Aucun produit ne correspond à ces filtres.</p>
              )}
            </>
          ) : null}
        </CardBody>
      </Card>

      <PromotionFlagsSlot />

      {/* streamed after the positioning: the page answers first whatever these cost */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Suspense fallback={<SectionSkeleton title="Ce qui a changé" />}>
          <ChangesCard initial={initial.changes} initialBasis={initial.basis} basis={basis} />
        </Suspense>
        <Suspense fallback={<SectionSkeleton title="Marchands" />}>
          <MerchantsCard initial={initial.merchants} initialBasis={initial.basis} basis={basis} />
        </Suspense>
      </div>
    </div>
  );
}
