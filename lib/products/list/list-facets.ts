import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import type { TFacet, TProductFacets } from "./list-schema";

/** Values offered per filter: the most frequent ones (a filter still takes any value typed in its URL). */
export const FACET_LIMIT = 500;

type Row = { value: string; n: number | string };

const byValue = (a: TFacet, b: TFacet) => a.value.localeCompare(b.value, "fr", { sensitivity: "base" });
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
 * carry each, for the list's filters to offer. Brands and categories are read from their partial indexes
 * (products_workspace_brand_idx, products_workspace_category_idx); tags from the workspace's rows.
 */
export async function listProductFacets(workspaceId: string): Promise<TProductFacets> {
  const db = await getDb();
  const [brands, categories, tags] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select p.brand as value, count(*) as n from products p
           where p.workspace_id = ${workspaceId} and p.brand is not null
           group by p.brand order by n desc, p.brand limit ${FACET_LIMIT}`,
    ),
    queryRows<Row>(
      db,
      sql`select p.category as value, count(*) as n from products p
           where p.workspace_id = ${workspaceId} and p.category is not null
           group by p.category`,
    ),
    queryRows<Row>(
      db,
      sql`select t.value, count(*) as n from products p cross join lateral unnest(p.tags) as t(value)
           where p.workspace_id = ${workspaceId} and p.tags <> '{}'
           group by t.value order by n desc, t.value limit ${FACET_LIMIT}`,
    ),
  ]);
  return { brands: top(facets(brands)), categories: top(withAncestors(categories)), tags: top(facets(tags)) };
}
