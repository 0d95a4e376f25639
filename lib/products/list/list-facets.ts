import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import type { TFacet, TProductFacets } from "./list-schema";

/** Values offered per filter: the most frequent ones (a filter still takes any value typed in its URL). */
export const FACET_LIMIT = 500;

type Row = { value: string; n: number | string };

// one collator for every comparison (localeCompare with a locale builds one per call: 30 ms for 900 values)
const compareBase = new Intl.Collator("fr", { sensitivity: "base" }).compare;
const byValue = (a: TFacet, b: TFacet) => compareBase(a.value, b.value);
const facets = (rows: Row[]) => rows.map((r) => ({ value: r.value, count: Number(r.n) }));

/**
 * A category counts its sub-categories' products too, as the category filter keeps them ('Maison' lists
 * 'Maison > Cuisine > Robots'): each path's ancestors are offered with the sum of their descendants.
 */
function withAncestors(rows: Row[]): TFacet[] {
  const counts = new Map<string, number>();
  for (const { value, n } of rows) {
    const segments = value.split(" > ");
    for (let i = 1; i <= segments.length; i++) {
      const path = segments.slice(0, i).join(" > ");
      counts.set(path, (counts.get(path) ?? 0) + Number(n));
    }
  }
  return [...counts].map(([value, count]) => ({ value, count }));
}

const top = (list: TFacet[]) =>
  list
    .sort((a, b) => b.count - a.count || byValue(a, b))
    .slice(0, FACET_LIMIT)
    .sort(byValue);

/**
 * GET /api/products/facets: the brands, categories and tags of the workspace's products with how many products
 * carry each, for the list's filters to offer: the workspace's rows of product_facets (kept by the products'
 * triggers, migration product-facets), whatever the catalogue's size.
 */
export async function listProductFacets(workspaceId: string): Promise<TProductFacets> {
  const db = await getDb();
  const kindRows = (kind: "brand" | "category" | "tag", limit: number | null) =>
    queryRows<Row>(
      db,
      sql`select value, products as n from product_facets
           where workspace_id = ${workspaceId} and kind = ${kind} and products > 0
           order by products desc, value ${limit === null ? sql`` : sql`limit ${limit}`}`,
    );
  const [brands, categories, tags] = await Promise.all([
    kindRows("brand", FACET_LIMIT),
    kindRows("category", null),
    kindRows("tag", FACET_LIMIT),
  ]);
  return { brands: top(facets(brands)), categories: top(withAncestors(categories)), tags: top(facets(tags)) };
}
