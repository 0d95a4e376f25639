import { type SQL, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { parisDay } from "@/lib/core/paris-wall-clock";
import { decodeCursor, encodeCursor } from "./list/list-cursor";
import { searchMatch } from "./list/fold-search";
import { DEFAULT_DIRECTION, type TListProducts, type TProductSort, ZListProducts } from "./list/list-schema";
import { presentIdentity } from "./present-product";

/** Days of a product card's sparkline, today (Europe/Paris) included. */
export const SPARKLINE_DAYS = 30;
/** A page's JSON stays under this many bytes: it ends early when its products' texts are long. */
export const PAGE_BYTES = 100_000;

type Row = {
  id: string;
  name: string;
  description: string | null;
  reference_price: string | null;
  min_advertised_price: string | null;
  sku: string | null;
  gtins: string[];
  brand: string | null;
  mpn: string | null;
  category: string | null;
  tags: string[];
  image_url: string | null;
  cost_price: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  url_count: number | string;
  lowest_price: string | null;
  uncertain_count: number | string;
  paused_count: number | string;
  failed_count: number | string;
  blocked_count: number | string;
  gap_bp: number | string | null;
  position: string | null;
  last_change_at: Date | string | null;
  sparkline_from: string | null;
  sparkline: (number | string | null)[] | string | null;
  sort_key: string;
};

const DAY = 86_400_000;

/**
 * products.sparkline (30 days from sparkline_from) moved to the 30 days ending today, each day without a price
 * carrying the previous one; null before the first.
 */
function sparkline(from: string | null, stored: Row["sparkline"], today: string): (number | null)[] {
  const days: (number | null)[] = Array(SPARKLINE_DAYS).fill(null);
  if (!from || !stored) return days;
  const values = Array.isArray(stored)
    ? stored
    : stored
        .replace(/^\{|\}$/g, "")
        .split(",")
        .map((v) => (v === "NULL" ? null : v));
  const shift = Math.round((Date.parse(today) - Date.parse(from)) / DAY) - (SPARKLINE_DAYS - 1);
  const carried: (number | null)[] = [];
  for (const v of values) {
    // a day without a price: null, or its text form depending on the driver
    const n = v === null || v === undefined || v === "" ? Number.NaN : Number(v);
    carried.push(Number.isFinite(n) ? n : (carried.at(-1) ?? null));
  }
  for (let at = 0; at < SPARKLINE_DAYS; at++) {
    const i = at + shift;
    days[at] = i < 0 ? null : (carried[Math.min(i, carried.length - 1)] ?? null);
  }
  return days;
}

/**
 * Each sort's key, exactly the expression of its index in db/schema/products.ts (nulls last both ways), with
 * the type its cursor value is read back as.
 */
function sortKey(sort: TProductSort, order: "asc" | "desc"): { expr: SQL; type: SQL } {
  const asc = order === "asc";
  switch (sort) {
    case "name":
      return { expr: sql`p.name_key`, type: sql`text` };
    case "gap":
      return {
        expr: asc ? sql`coalesce(p.gap_bp, 2147483647)` : sql`coalesce(p.gap_bp, -2147483648)`,
        type: sql`bigint`,
      };
    case "price":
      return {
        expr: asc ? sql`coalesce(p.lowest_price, 'Infinity')` : sql`coalesce(p.lowest_price, '-Infinity')`,
        type: sql`numeric`,
      };
    case "last_change":
      return {
        expr: asc ? sql`coalesce(p.last_change_at, 'infinity')` : sql`coalesce(p.last_change_at, '-infinity')`,
        type: sql`timestamptz`,
      };
    default:
      return { expr: sql`p.created_at`, type: sql`timestamptz` };
  }
}

const STATUS_WHERE = {
  uncertain: sql`p.uncertain_count > 0`,
  blocked: sql`p.blocked_count > 0`,
  failing: sql`p.failed_count > 0`,
  paused: sql`p.paused_count > 0`,
  no_url: sql`p.url_count = 0`,
} as const;

/** The filters of a list query, each one an indexed condition on products (see the products-list migration). */
function filtersOf(workspaceId: string, q: ReturnType<typeof ZListProducts.parse>): SQL[] {
  const where: SQL[] = [sql`p.workspace_id = ${workspaceId}`];
  where.push(...searchMatch("p", q.q));
  if (q.category) {
    const path = q.category
      .split(">")
      .map((s) => s.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .join(" > ");
    where.push(sql`(p.category = ${path} or p.category like ${`${path.replace(/[\\%_]/g, (c) => `\\${c}`)} > %`})`);
  }
  if (q.tag) where.push(sql`p.tags @> array[${q.tag}]::text[]`);
  if (q.brand) where.push(sql`p.brand = ${q.brand}`);
  if (q.position) where.push(sql`p.position = ${q.position}`);
  if (q.status) where.push(STATUS_WHERE[q.status]);
  return where;
}

/**
 * GET /api/products: one page of what the grid and the table show for each product, in a stable order (the
 * sort's key, then the id) resumed after `cursor`: rows added or changed meanwhile never make a page skip or
 * repeat a product. Per product: its URL count, the lowest latest available price in euros (`lowest_price`),
 * how many of its URLs await the user's choice of price (`uncertain_count`), are paused (`paused_count`),
 * failed their last reading (`failed_count`, of which `blocked_count` blocked), 'mon prix' against the cheapest
 * (`position`, `gap_bp`), the time of the last price move (`last_change_at`) and the 30-day sparkline (cents).
 * Everything is read from the product row (kept by triggers, lib/products/summary.md): one index range whatever
 * the catalogue's and the history's size. `total` counts the products matching the filters (without any: the
 * count kept in workspace_counts).
 */
export async function listProductsPage(workspaceId: string, input: TListProducts = {}) {
  const q = ZListProducts.parse(input);
  const order = q.order ?? DEFAULT_DIRECTION[q.sort];
  const key = sortKey(q.sort, order);
  const where = filtersOf(workspaceId, q);
  const filtered = sql.join(where, sql` and `);
  const page = [...where];
  if (q.cursor) {
    const c = decodeCursor(q.cursor, q.sort, order);
    const after = sql`(${key.expr}, p.id) ${order === "asc" ? sql`>` : sql`<`} (${c.key}::${key.type}, ${c.id}::uuid)`;
    page.push(after);
  }
  const dir = order === "asc" ? sql`asc` : sql`desc`;
  const db = await getDb();
  const rows = await queryRows<Row>(
    db,
    sql`select p.id, p.name, p.description, p.reference_price, p.min_advertised_price, p.created_at, p.updated_at,
               p.sku, p.brand, p.mpn, p.category, to_json(p.tags) as tags, p.image_url, p.cost_price,
               (select coalesce(json_agg(g.code order by g.position), '[]'::json)
                  from product_gtins g where g.product_id = p.id) as gtins,
               to_char(p.sparkline_from, 'YYYY-MM-DD') as sparkline_from, p.sparkline,
               p.url_count, p.lowest_price, p.uncertain_count, p.paused_count, p.failed_count, p.blocked_count,
               p.gap_bp, p.position, p.last_change_at, (${key.expr})::text as sort_key
          from products p
         where ${sql.join(page, sql` and `)}
         order by ${key.expr} ${dir}, p.id ${dir}
         limit ${q.limit + 1}`,
  );
  // the whole catalogue's count is the one its triggers keep (workspace_counts): no scan of the workspace per page
  const [count] = await queryRows<{ n: number | string }>(
    db,
    where.length === 1
      ? sql`select c.products as n from workspace_counts c where c.workspace_id = ${workspaceId}`
      : sql`select count(*) as n from products p where ${filtered}`,
  );
  const today = parisDay(new Date());
  const items: ReturnType<typeof present>[] = [];
  let bytes = 2;
  let last: Row | null = null;
  for (const row of rows.slice(0, q.limit)) {
    const item = present(row, today);
    bytes += JSON.stringify(item).length + 1;
    if (items.length > 0 && bytes > PAGE_BYTES) break;
    items.push(item);
    last = row;
  }
  const more = rows.length > items.length;
  return {
    items,
    nextCursor: more && last ? encodeCursor({ sort: q.sort, order, key: last.sort_key, id: last.id }) : null,
    total: Number(count?.n ?? 0),
  };
}

/** The first page in the default order: what the SPEC's small-catalogue grid reads. */
export async function listProducts(workspaceId: string) {
  return (await listProductsPage(workspaceId)).items;
}

function present(p: Row, today: string) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    reference_price: p.reference_price,
    min_advertised_price: p.min_advertised_price,
    ...presentIdentity({
      sku: p.sku,
      gtins: p.gtins,
      brand: p.brand,
      mpn: p.mpn,
      category: p.category,
      tags: p.tags,
      imageUrl: p.image_url,
      costPrice: p.cost_price,
    }),
    created_at: new Date(p.created_at),
    updated_at: new Date(p.updated_at),
    url_count: Number(p.url_count),
    lowest_price: p.lowest_price,
    uncertain_count: Number(p.uncertain_count),
    paused_count: Number(p.paused_count),
    failed_count: Number(p.failed_count),
    blocked_count: Number(p.blocked_count),
    position: p.position as "cheapest" | "aligned" | "dearer" | "no_market" | null,
    gap_bp: p.gap_bp === null ? null : Number(p.gap_bp),
    last_change_at: p.last_change_at === null ? null : new Date(p.last_change_at),
    sparkline: sparkline(p.sparkline_from, p.sparkline, today),
  };
}

export type TProductListItem = ReturnType<typeof present>;
