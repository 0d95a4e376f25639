import { bigint, date, index, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { products } from "./products";
import { workspaces } from "./workspaces";

/**
 * The market average of a product at the end of the Europe/Paris day `days` before `day` (the 'Vue marché'
 * trend). A row counts only for the same `day`, the product's current `trend_version` and a retention cutoff that
 * still keeps what it counted: never older than `cutoff` (the one it was computed with), never past `oldest_at`
 * (its oldest reading counted). Written only by market_trend_compute() (migration trend-tallies: the product
 * locked first), called by the build-market-trend job, the triggers and the overview (lib/insights/load-trend.ts);
 * a bump of `trend_version` computes the product's rows again in the same transaction.
 */
export const marketTrend = pgTable(
  "market_trend",
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    days: integer().notNull(),
    /** The product's workspace (the trend tallies' key and the overview's retention probes). */
    workspaceId: uuid().notNull(),
    day: date({ mode: "string" }).notNull(),
    version: integer().notNull(),
    /** The average in cents, rounded half away from zero; null without a comparable offer then. */
    avgCents: bigint({ mode: "number" }),
    cutoff: timestamp({ withTimezone: true }),
    oldestAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: "market_trend_pk", columns: [t.productId, t.days] }),
    // the rows a shorter (or lifted) retention outdates: one range each
    index("market_trend_workspace_oldest_idx").on(t.workspaceId, t.day, t.oldestAt),
    index("market_trend_workspace_cutoff_idx").on(t.workspaceId, t.day, t.cutoff),
  ],
);

/**
 * The days whose market_trend rows are complete for a workspace: the build-market-trend job writes the row once
 * every product with 'mon prix' has its rows of `day` for `days` (computed with `cutoff`); a product priced later
 * gets them from the product_market triggers. A row of `day` leaving for another day drops it.
 */
export const marketTrendDays = pgTable(
  "market_trend_days",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    days: integer().array().notNull(),
    cutoff: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ name: "market_trend_days_pk", columns: [t.workspaceId, t.day] })],
);

/**
 * The trend's basket per workspace, trend and day (lib/insights/rollups.md), kept without a hot row: statement
 * triggers on market_trend and product_market append each statement's signed change to `trend_tally_deltas`,
 * which the fold-market-tallies job folds into `trend_tallies` every minute; a reader sums both. Over the
 * market_trend rows of `day` whose product has 'mon prix', a market now (product_market 'price': n > 0) and an
 * average then: how many, and the sums of my prices, of the item-price averages now and then. Never written by
 * the app.
 */
const trendKey = {
  day: date({ mode: "string" }).notNull(),
  days: integer().notNull(),
  products: integer().notNull(),
  mySum: bigint({ mode: "number" }).notNull(),
  nowSum: bigint({ mode: "number" }).notNull(),
  thenSum: bigint({ mode: "number" }).notNull(),
};
const trendColumns = {
  workspaceId: uuid()
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  ...trendKey,
};

export const trendTallies = pgTable("trend_tallies", trendColumns, (t) => [
  primaryKey({ name: "trend_tallies_pk", columns: [t.workspaceId, t.day, t.days] }),
]);

// no foreign key, as the other tallies' deltas (db/schema/market-tallies.ts): the fold drops a deleted workspace's
export const trendTallyDeltas = pgTable("trend_tally_deltas", { workspaceId: uuid().notNull(), ...trendKey }, (t) => [
  index("trend_tally_deltas_workspace_idx").on(t.workspaceId, t.day),
]);
