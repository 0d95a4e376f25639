import { type SQL, sql } from "drizzle-orm";
import { type DbLike, queryRows } from "@/db";
import { searchMatch } from "@/lib/products";
import { POSITIONS, type TBasis, type TPosition } from "./schemas";

export type TLinesFilter = { basis: TBasis; position: "all" | TPosition; q?: string };

/**
 * The filters of the lines over `marketSource` as `m`: the position, and the products screen's search (its
 * trigram index finds a rare product without reading the workspace's lines).
 */
export function matches(filter: TLinesFilter, workspaceId: string) {
  const rank = filter.position === "all" ? null : POSITIONS.indexOf(filter.position);
  const words = searchMatch("s", filter.q);
  return sql`${rank === null ? sql`true` : sql`m.position_rank = ${rank}`}
             and ${
               words.length
                 ? sql`m.product_id in (select s.id from products s
                                         where s.workspace_id = ${workspaceId} and ${sql.join(words, sql` and `)})`
                 : sql`true`
             }`;
}

type TNum = string | number | null;
const num = (v: TNum | undefined) => (v === null || v === undefined ? 0 : Number(v));

/** The market rows of a workspace and basis (load-positions.ts marketRows): `live` when retention outdates them. */
type TSource = { db: DbLike; rows: SQL; live: boolean };

export type TSummaryTallies = {
  products: number;
  priced: number;
  positions: Record<TPosition, number>;
  mySum: number;
  avgSum: number;
  lines: number;
};

/**
 * The overview's summary over the whole catalogue: the products (workspace_counts), the lines (products with 'mon
 * prix'), their positions, the sums of my prices and market averages of those with a market (the price index),
 * and how many lines match the filters. From the position tallies (db/schema/market-tallies.ts: folded rows and
 * pending deltas, O(positions)); only the lines matching a name search are counted over the workspace's lines.
 * Computed over the live market rows when retention outdates the rollup.
 */
export async function loadSummaryTallies(
  { db, rows, live }: TSource,
  workspaceId: string,
  filter: TLinesFilter,
): Promise<TSummaryTallies> {
  if (live) return liveTallies(db, rows, workspaceId, filter);
  const tallies = await queryRows<{ products: TNum; position_rank: TNum; lines: TNum; my_sum: TNum; avg_sum: TNum }>(
    db,
    sql`select (select c.products from workspace_counts c where c.workspace_id = ${workspaceId}) as products,
               t.position_rank, t.lines, t.my_sum, t.avg_sum
          from (select 1) one
          left join (
            select t.position_rank, sum(t.lines) as lines, sum(t.my_sum) as my_sum, sum(t.avg_sum) as avg_sum
              from (select position_rank, lines, my_sum, avg_sum from position_tallies
                     where workspace_id = ${workspaceId} and basis = ${filter.basis}
                    union all
                    select position_rank, lines, my_sum, avg_sum from position_tally_deltas
                     where workspace_id = ${workspaceId} and basis = ${filter.basis}) t
             group by t.position_rank
          ) t on true`,
  );
  const positions = Object.fromEntries(POSITIONS.map((p) => [p, 0])) as Record<TPosition, number>;
  let [mySum, avgSum] = [0, 0];
  for (const t of tallies) {
    const position = t.position_rank === null ? undefined : POSITIONS[Number(t.position_rank)];
    if (!position) continue;
    positions[position] = num(t.lines);
    mySum += num(t.my_sum);
    avgSum += num(t.avg_sum);
  }
  const priced = POSITIONS.reduce((n, p) => n + positions[p], 0);
  return {
    products: num(tallies[0]?.products),
    priced,
    positions,
    mySum,
    avgSum,
    lines: filter.q
      ? await countLines(db, workspaceId, filter)
      : filter.position === "all"
        ? priced
        : positions[filter.position],
  };
}

/** The lines matching a search (and a position). */
async function countLines(db: DbLike, workspaceId: string, filter: TLinesFilter) {
  const [row] = await queryRows<{ lines: TNum }>(
    db,
    sql`select count(*) as lines from product_market m
         where m.workspace_id = ${workspaceId} and m.basis = ${filter.basis} and m.my_cents is not null
           and ${matches(filter, workspaceId)}`,
  );
  return num(row?.lines);
}

async function liveTallies(db: DbLike, rows: SQL, workspaceId: string, filter: TLinesFilter) {
  const [row] = await queryRows<Record<string, TNum>>(
    db,
    sql`select (select c.products from workspace_counts c where c.workspace_id = ${workspaceId}) as products,
               count(*) as priced, ${sql.raw(POSITIONS.map((p, i) => `count(*) filter (where m.position_rank = ${i}) as ${p}`).join(", "))},
               sum(m.my_cents) filter (where m.n > 0) as my_sum, sum(m.avg_cents) filter (where m.n > 0) as avg_sum,
               count(*) filter (where ${matches(filter, workspaceId)}) as lines
          from ${rows} m`,
  );
  return {
    products: num(row!.products),
    priced: num(row!.priced),
    positions: Object.fromEntries(POSITIONS.map((p) => [p, num(row![p])])) as Record<TPosition, number>,
    mySum: num(row!.my_sum),
    avgSum: num(row!.avg_sum),
    lines: num(row!.lines),
  };
}
