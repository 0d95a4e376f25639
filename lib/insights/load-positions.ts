import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { getRetentionCutoff } from "@/lib/history";
import { foldSearch } from "@/lib/products";
import { domainOf } from "./market-rules";
import { lineOrder, marketSource, rollupOutdated } from "./market-source";
import { POSITIONS, type TBasis, type TPosition } from "./schemas";

/** One line of the overview: a product with 'mon prix' and its market (cents), read for one page. */
export type TPositionRow = {
  id: string;
  name: string;
  myCents: number;
  market: { count: number; min: number; avg: number; max: number } | null;
  // how many comparable offers state no shipping (on the total basis they count at their price alone)
  shippingUnknown: number;
  cheapest: { urlId: string; name: string; domain: string; readingId: number }[];
  outOfStock: number;
  otherCurrency: number;
  checkedAt: Date | null;
};

export type TLinesFilter = { basis: TBasis; position: "all" | TPosition; q?: string };

type TNum = string | number | null;
const num = (v: TNum) => (v === null ? null : Number(v));

/** The workspace's market rows (marketSource), from the rollup unless the retention cutoff outdates it. */
export async function marketRows(workspaceId: string, basis: TBasis) {
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db);
  const live = await rollupOutdated(db, workspaceId, basis, cutoff);
  return { db, cutoff, rows: marketSource(workspaceId, basis, cutoff, live) };
}

export type TMarketRows = Awaited<ReturnType<typeof marketRows>>;

/** The filters of the lines over `marketSource` as `m` (the name search folded as products.name_key). */
function matches(filter: TLinesFilter) {
  const rank = filter.position === "all" ? null : POSITIONS.indexOf(filter.position);
  const needle = filter.q ? foldSearch(filter.q) : "";
  return sql`${rank === null ? sql`true` : sql`m.position_rank = ${rank}`}
             and ${needle ? sql`strpos(m.name_key, ${needle}) > 0` : sql`true`}`;
}

/**
 * Over the whole catalogue, in one statement: the products, those with 'mon prix' (the lines), their positions,
 * the sums of my prices and market averages of those with a market (the price index), how many lines match the
 * filters. Only sums reach Node. The trend is load-trend.ts's.
 */
export async function loadOverviewSummary({ db, rows }: TMarketRows, workspaceId: string, filter: TLinesFilter) {
  const [row] = await queryRows<Record<string, TNum>>(
    db,
    // only the columns the sums and filters read (the lines' cheapest offers would spill the CTE to disk)
    sql`with m as materialized (
          select m.product_id, m.name_key, m.my_cents, m.n, m.avg_cents, m.position_rank
            from ${rows} m
        )
        -- the count the products' triggers keep (migration 0035), not a count of the catalogue
        select (select c.products from workspace_counts c where c.workspace_id = ${workspaceId}) as products,
               count(*) as priced, ${sql.raw(POSITIONS.map((p, i) => `count(*) filter (where m.position_rank = ${i}) as ${p}`).join(", "))},
               sum(m.my_cents) filter (where m.n > 0) as my_sum, sum(m.avg_cents) filter (where m.n > 0) as avg_sum,
               count(*) filter (where ${matches(filter)}) as lines
          from m`,
  );
  return {
    products: num(row!.products) ?? 0,
    priced: num(row!.priced) ?? 0,
    positions: Object.fromEntries(POSITIONS.map((p) => [p, num(row![p]) ?? 0])) as Record<TPosition, number>,
    mySum: num(row!.my_sum) ?? 0,
    avgSum: num(row!.avg_sum) ?? 0,
    lines: num(row!.lines) ?? 0,
  };
}

type TLineRow = {
  product_id: string;
  name: string;
  my_cents: TNum;
  n: TNum;
  min_cents: TNum;
  avg_cents: TNum;
  max_cents: TNum;
  shipping_unknown: TNum;
  cheapest: { url_id: string; name: string; url: string; reading_id: string | number }[] | null;
  out_of_stock: TNum;
  other_currency: TNum;
  checked_at: Date | string | null;
};

/**
 * The lines matching `filter` in the chosen order (lineOrder), `limit` of them from `offset` (all without a
 * limit): in each sort's default direction one range of a product_market index, so a page reads its own rows.
 */
export async function loadOverviewPage(
  { db, rows }: TMarketRows,
  filter: TLinesFilter & { sort: string; order: "asc" | "desc" },
  limit: number | undefined,
  offset: number,
): Promise<TPositionRow[]> {
  const page = await queryRows<TLineRow>(
    db,
    sql`select m.product_id, p.name, m.my_cents, m.n, m.min_cents, m.avg_cents, m.max_cents, m.shipping_unknown,
               m.cheapest, m.out_of_stock, m.other_currency, m.checked_at
          from ${rows} m
          join products p on p.id = m.product_id
         where ${matches(filter)}
         order by ${lineOrder(filter.sort, filter.order)}
         ${limit === undefined ? sql`` : sql`limit ${limit}`} offset ${offset}`,
  );
  return page.map((r) => {
    const n = num(r.n) ?? 0;
    return {
      id: r.product_id,
      name: r.name,
      myCents: num(r.my_cents)!,
      market: n > 0 ? { count: n, min: num(r.min_cents)!, avg: num(r.avg_cents)!, max: num(r.max_cents)! } : null,
      shippingUnknown: num(r.shipping_unknown) ?? 0,
      cheapest: (r.cheapest ?? []).map((o) => ({
        urlId: o.url_id,
        name: o.name,
        domain: domainOf(o.url),
        readingId: Number(o.reading_id),
      })),
      outOfStock: num(r.out_of_stock) ?? 0,
      otherCurrency: num(r.other_currency) ?? 0,
      checkedAt: r.checked_at === null ? null : new Date(r.checked_at),
    };
  });
}
