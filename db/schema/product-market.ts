import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./products";
import { workspaces } from "./workspaces";

/**
 * Per product and basis ('price': the item price; 'total': plus the stated shipping), the market of its URLs'
 * latest readings (product_urls.latest_*) as the 'Vue marché' reads it (lib/insights/load-positions.ts): counts,
 * min, sum and max of the comparable offers in cents, the cheapest offers. Kept by the product_urls triggers of
 * its migration in the transaction that changes a URL's latest reading, moves, adds or deletes a URL; never
 * written by the app. It ignores retention: a reader whose cutoff is past `oldest_at` computes live instead.
 */
/**
 * The overview's sort keys of a product's market, SQL over the given columns: my gaps to the cheapest and to the
 * average and my index in basis points (lib/core/money percentOf: half away from zero, null without a market or
 * on a zero whole), the position's rank in POSITIONS order (lib/insights positionOf). The generated columns below
 * and the live computation of lib/insights/load-positions.ts share this text.
 */
export function marketKeys(c: { my: string; n: string; min: string; sum: string }) {
  const avg = `round(${c.sum}::numeric / nullif(${c.n}, 0))`;
  const bp = (part: string, whole: string) =>
    `case when ${c.n} > 0 then round((${part})::numeric * 10000 / nullif(abs(${whole}), 0))::bigint end`;
  return {
    gapBp: bp(`${c.my} - ${c.min}`, c.min),
    avgGapBp: bp(`${c.my} - ${avg}`, avg),
    indexBp: bp(c.my, avg),
    positionRank: `case when ${c.my} is null then null when ${c.n} = 0 then 3 when abs(${c.my} - ${c.min}) * 100 <= ${c.min} then 1 when ${c.my} < ${c.min} then 0 else 2 end`,
  };
}

const KEYS = marketKeys({ my: `"my_cents"`, n: `"n"`, min: `"min_cents"`, sum: `"sum_cents"` });
/** The last place of an ascending bigint key: a missing key sorts last in both directions. */
export const KEY_LAST = "9223372036854775807";

export const productMarket = pgTable(
  "product_market",
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    basis: text({ enum: ["price", "total"] }).notNull(),
    /** Comparable offers (available, priced, in euros) and their min, sum and max in cents. */
    n: integer().notNull(),
    minCents: bigint({ mode: "number" }),
    sumCents: bigint({ mode: "number" }),
    maxCents: bigint({ mode: "number" }),
    /** The item prices' sum (the trend compares item prices whatever the basis). */
    priceSumCents: bigint({ mode: "number" }),
    shippingUnknown: integer().notNull(),
    /** The comparable offers at the minimum, by name then URL id: [{ url_id, name, url, reading_id }]. */
    cheapest: jsonb(),
    outOfStock: integer().notNull(),
    otherCurrency: integer().notNull(),
    checkedAt: timestamp({ withTimezone: true }),
    /** The oldest latest reading counted: a retention cutoff past it makes the row unusable. */
    oldestAt: timestamp({ withTimezone: true }),
    /** Copies of the product's 'mon prix' in cents (null unless > 0) and folded name (products.name_key). */
    myCents: bigint({ mode: "number" }),
    nameKey: text(),
    gapBp: bigint({ mode: "number" }).generatedAlwaysAs((): SQL => sql.raw(KEYS.gapBp)),
    avgGapBp: bigint({ mode: "number" }).generatedAlwaysAs((): SQL => sql.raw(KEYS.avgGapBp)),
    indexBp: bigint({ mode: "number" }).generatedAlwaysAs((): SQL => sql.raw(KEYS.indexBp)),
    positionRank: smallint().generatedAlwaysAs((): SQL => sql.raw(KEYS.positionRank)),
  },
  (t) => [
    primaryKey({ name: "product_market_pk", columns: [t.productId, t.basis] }),
    index("product_market_workspace_idx").on(t.workspaceId, t.basis, t.oldestAt),
    // the overview's pages (lines: products with 'mon prix'), one index range per sort in its default order:
    // numbers largest first with missing ones last (the key negated), ties by name; names; positions
    ...(["gap", "avg_gap", "index"] as const).map((k) =>
      index(`product_market_${k}_idx`)
        .on(t.workspaceId, t.basis, sql.raw(`coalesce(-"${k}_bp", ${KEY_LAST})`), t.nameKey, t.productId)
        .where(sql`${t.myCents} is not null`),
    ),
    index("product_market_name_idx")
      .on(t.workspaceId, t.basis, t.nameKey, t.productId)
      .where(sql`${t.myCents} is not null`),
    index("product_market_position_idx")
      .on(t.workspaceId, t.basis, t.positionRank, t.nameKey, t.productId)
      .where(sql`${t.myCents} is not null`),
  ],
);
