"use client";

import Link from "next/link";
import type { MouseEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDate, formatEuros, formatPercent } from "@/lib/format";
import { productPath } from "@/lib/products/product-path";
import { productState } from "./product-state";
import { POSITION_LABELS } from "./products-query";
import type { ProductSummary } from "./types";

type Props = {
  products: ProductSummary[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  onToggleAll: (on: boolean) => void;
  onOpen: (e: MouseEvent<HTMLAnchorElement>) => void;
};

/** The dense view of the products screen: one line per product, a box to select it, its name opens it. */
export function ProductsTable({ products, selected, onToggle, onToggleAll, onOpen }: Props) {
  const count = products.filter((p) => selected.has(p.id)).length;
  const all = count > 0 && count === products.length;
  return (
    <Table aria-label="Produits surveillés (tableau)" className="text-[13px]">
      <THead>
        <tr>
          <Th className="w-8">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              aria-label="Sélectionner tous les produits affichés"
              // some lines selected: the box shows (and announces) a mixed state
              ref={(box) => {
                if (box) box.indeterminate = count > 0 && !all;
              }}
              checked={all}
              onChange={(e) => onToggleAll(e.target.checked)}
            />
          </Th>
          <Th>Produit</Th>
          <Th className="hidden md:table-cell">SKU</Th>
          <Th className="hidden lg:table-cell">Marque</Th>
          <Th className="hidden lg:table-cell">Catégorie</Th>
          <Th numeric>Mon prix</Th>
          <Th numeric>Moins cher</Th>
          <Th className="hidden sm:table-cell">Position</Th>
          <Th className="hidden md:table-cell">Dernier changement</Th>
          <Th className="hidden sm:table-cell">État</Th>
        </tr>
      </THead>
      <TBody>
        {products.map((p) => {
          const state = productState(p);
          return (
            <Tr key={p.id} data-testid="product-row" aria-selected={selected.has(p.id)}>
              <Td className="py-2">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  aria-label={`Sélectionner ${p.name}`}
                  checked={selected.has(p.id)}
                  onChange={() => onToggle(p.id)}
                />
              </Td>
              <Td className="max-w-56 py-2">
                <Link
                  href={productPath(p.id)}
                  scroll={false}
                  onClick={onOpen}
                  className="line-clamp-2 font-medium text-zinc-900 hover:text-brand-700 hover:underline"
                >
                  {p.name}
                </Link>
                {p.tags.length > 0 ? (
                  <span className="mt-0.5 block truncate text-xs text-zinc-500">{p.tags.join(", ")}</span>
                ) : null}
              </Td>
              <Td className="hidden py-2 md:table-cell">{p.sku ?? "—"}</Td>
              <Td className="hidden py-2 lg:table-cell">{p.brand ?? "—"}</Td>
              <Td className="hidden max-w-48 truncate py-2 lg:table-cell" title={p.category ?? undefined}>
                {p.category ?? "—"}
              </Td>
              <Td numeric className="py-2">
                {p.reference_price ? formatEuros(p.reference_price) : "—"}
              </Td>
              <Td numeric className="py-2">
                {p.lowest_price ? formatEuros(p.lowest_price) : "—"}
              </Td>
              <Td className="hidden py-2 whitespace-nowrap sm:table-cell">
                {p.position ? POSITION_LABELS[p.position] : "—"}
                {p.gap_bp !== null ? (
                  <span className="num ml-1 text-xs text-zinc-500">({formatPercent(p.gap_bp / 100, true)})</span>
                ) : null}
              </Td>
              <Td className="hidden py-2 md:table-cell">{p.last_change_at ? formatDate(p.last_change_at) : "—"}</Td>
              <Td className="hidden py-2 sm:table-cell">
                <Badge tone={state.tone}>{state.label}</Badge>
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
