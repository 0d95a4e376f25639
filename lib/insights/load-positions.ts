import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { getRetentionCutoff } from "@/lib/history";
import { domainOf } from "./market-rules";
import { lineOrder, marketSource, rollupOutdated } from "./market-source";
import type { TBasis } from "./schemas";
import { loadSummaryTallies, matches, type TLinesFilter } from "./summary-tallies";

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

export type { TLinesFilter };

type TNum = string | number | null;
const num = (v: TNum) => (v === null ? null : Number(v));

/** The workspace's market rows (marketSource), from the rollup unless the retention cutoff outdates it. */
export async function marketRows(workspaceId: string, basis: TBasis) {
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db);
  const live = await rollupOutdated(db, workspaceId, basis, cutoff);
  return { db, workspaceId, cutoff, live, rows: marketSource(workspaceId, basis, cutoff, live) };
}

export type TMarketRows = Awaited<ReturnType<typeof marketRows>>;

/**
 * Over the whole catalogue: the products, those with 'mon prix' (the lines), their positions, the sums of my prices
 * and market averages of those with a market (the price index), how many lines match the filters; from the
 * workspace's tallies (summary-tallies.ts). The trend is load-trend.ts's.
 */
export function loadOverviewSummary(source: TMarketRows, workspaceId: string, filter: TLinesFilter) {
  return loadSummaryTallies(source, workspaceId, filter);
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
  { db, rows, workspaceId }: TMarketRows,
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
         where ${matches(filter, workspaceId)}
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
