import { useCallback, useEffect, useState } from "react";
import { apiFetch } from "@/client/api-client";
import type { ProductSummary } from "@/components/products/types";
import type { TProductFacets } from "@/lib/products/list/list-schema";
import { useResource } from "./use-resource";

const FALLBACK = "Erreur lors de la récupération des produits";

export type TProductsPage = { items: ProductSummary[]; next_cursor: string | null; total: number };

/** The products list's path for a query string (its filters, search and sort), as GET /api/products reads it. */
export const productsPagePath = (query: string, cursor?: string) => {
  const params = new URLSearchParams(query);
  params.delete("view");
  params.set("include", "page");
  if (cursor) params.set("cursor", cursor);
  return `/api/products?${params}`;
};

/**
 * The pages of the products list for `query`: the first through the shared cache (revalidated with the product's
 * other answers), the next ones appended by `loadMore`; a new query or a revalidated first page starts again.
 */
export function useProducts(enabled: boolean, query = "") {
  const first = useResource<TProductsPage>(enabled ? productsPagePath(query) : null, FALLBACK);
  const [more, setMore] = useState<{ of: TProductsPage | undefined; pages: TProductsPage[] }>({
    of: undefined,
    pages: [],
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const pages = more.of === first.data ? more.pages : [];

  useEffect(() => setMoreError(null), [first.data]);

  const last = pages.at(-1) ?? first.data;
  const next = last?.next_cursor ?? null;
  const loadMore = useCallback(async () => {
    if (!next || loadingMore) return;
    setLoadingMore(true);
    const of = first.data;
    try {
      const page = await apiFetch<TProductsPage>(productsPagePath(query, next), { fallback: FALLBACK });
      setMore((m) => (m.of === of ? { of, pages: [...m.pages, page] } : { of, pages: [page] }));
    } catch (err) {
      setMoreError(err instanceof Error ? err.message : FALLBACK);
    } finally {
      setLoadingMore(false);
    }
  }, [next, loadingMore, query, first.data]);

  const items = first.data ? [first.data, ...pages].flatMap((p) => p.items) : undefined;
  return {
    items,
    total: first.data?.total ?? 0,
    hasMore: next !== null,
    loadMore,
    loadingMore,
    error: first.error ?? null,
    moreError,
    isLoading: first.isLoading,
    mutate: first.mutate,
  };
}

/** The brands, categories and tags the workspace's products have, with their counts: the list's pick-lists. */
export function useProductFacets(enabled: boolean) {
  return useResource<TProductFacets>(enabled ? "/api/products/facets" : null, FALLBACK);
}
