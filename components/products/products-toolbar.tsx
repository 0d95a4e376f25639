"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import {
  PRODUCT_POSITIONS,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type TFacet,
  type TProductFacets,
} from "@/lib/products/list/list-schema";
import { hasFilters, POSITION_LABELS, SORT_LABELS, STATUS_LABELS, type TProductsQuery } from "./products-query";

type Props = {
  query: TProductsQuery;
  onChange: (next: TProductsQuery) => void;
  view: "cards" | "table";
  /** The values the workspace's products have (GET /api/products/facets); undefined while they load. */
  facets: TProductFacets | undefined;
};

/** A text filter applied when typing pauses (or on Enter), so each key does not fetch a page. */
function TextFilter({
  label,
  value,
  onCommit,
  type = "text",
  placeholder,
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  type?: "text" | "search";
  placeholder?: string;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft.trim() === value) return;
    const t = window.setTimeout(() => onCommit(draft.trim()), 350);
    return () => window.clearTimeout(t);
  }, [draft, value, onCommit]);
  return (
    <Field label={label}>
      <Input
        type={type}
        value={draft}
        placeholder={placeholder}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") onCommit(draft.trim());
        }}
      />
    </Field>
  );
}

/**
 * A pick-list of the values the workspace has, each with its count of products. A value the list does not offer
 * (a shared address, one beyond the most frequent) stays chosen as it is.
 */
function FacetFilter({
  label,
  value,
  options,
  onPick,
}: {
  label: string;
  value: string | undefined;
  options: TFacet[] | undefined;
  onPick: (v: string | undefined) => void;
}) {
  const offered = options ?? [];
  return (
    <Field label={label}>
      <Select value={value ?? ""} onChange={(e) => onPick(e.target.value || undefined)}>
        <option value="">Toutes</option>
        {value && !offered.some((o) => o.value === value) ? <option value={value}>{value}</option> : null}
        {offered.map((o) => (
          <option key={o.value} value={o.value}>
            {o.value} ({o.count})
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Search, filters, sort and the cards/table switch of the products screen; every change goes to the URL. */
export function ProductsToolbar({ query, onChange, view, facets }: Props) {
  const set = (patch: Partial<TProductsQuery>) => onChange({ ...query, ...patch });
  return (
    <search aria-label="Rechercher et filtrer les produits" className="rounded-xl border border-zinc-200 bg-white p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <TextFilter
            label="Rechercher"
            type="search"
            placeholder="Nom, SKU, EAN, marque…"
            value={query.q ?? ""}
            onCommit={(q) => set({ q: q || undefined })}
          />
        </div>
        <FacetFilter
          label="Catégorie"
          value={query.category}
          options={facets?.categories}
          onPick={(category) => set({ category })}
        />
        <FacetFilter label="Étiquette" value={query.tag} options={facets?.tags} onPick={(tag) => set({ tag })} />
        <FacetFilter label="Marque" value={query.brand} options={facets?.brands} onPick={(brand) => set({ brand })} />
        <Field label="Position">
          <Select value={query.position ?? ""} onChange={(e) => set({ position: e.target.value || undefined })}>
            <option value="">Toutes</option>
            {PRODUCT_POSITIONS.map((p) => (
              <option key={p} value={p}>
                {POSITION_LABELS[p]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="État">
          <Select value={query.status ?? ""} onChange={(e) => set({ status: e.target.value || undefined })}>
            <option value="">Tous</option>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Trier par">
          <Select
            value={`${query.sort}:${query.order}`}
            onChange={(e) => {
              const [sort, order] = e.target.value.split(":") as [TProductsQuery["sort"], "asc" | "desc"];
              set({ sort, order });
            }}
          >
            {PRODUCT_SORTS.flatMap((s) =>
              (["asc", "desc"] as const).map((o) => (
                <option key={`${s}:${o}`} value={`${s}:${o}`}>
                  {SORT_LABELS[s]} ({orderLabel(s, o)})
                </option>
              )),
            )}
          </Select>
        </Field>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <fieldset className="inline-flex rounded-lg border border-zinc-200 p-0.5">
          <legend className="sr-only">Affichage</legend>
          {(["cards", "table"] as const).map((v) => (
            <Button
              key={v}
              size="sm"
              variant={view === v ? "secondary" : "ghost"}
              aria-pressed={view === v}
              onClick={() => set({ view: v })}
            >
              {v === "cards" ? "Cartes" : "Tableau"}
            </Button>
          ))}
        </fieldset>
        {hasFilters(query) ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onChange({ sort: query.sort, order: query.order, view: query.view })}
          >
            Effacer les filtres
          </Button>
        ) : null}
      </div>
    </search>
  );
}

function orderLabel(sort: TProductsQuery["sort"], order: "asc" | "desc"): string {
  if (sort === "name") return order === "asc" ? "A → Z" : "Z → A";
  if (sort === "created" || sort === "last_change")
    return order === "asc" ? "plus ancien d'abord" : "plus récent d'abord";
  return order === "asc" ? "croissant" : "décroissant";
}
