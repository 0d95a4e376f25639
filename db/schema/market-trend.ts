import { bigint, date, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { products } from "./products";

/**
 * The market average of a product at the end of the Europe/Paris day `days` before `day` (the 'Vue marché'
 * trend), kept by the overview's trend statement on its first read of the day (lib/insights/load-trend.ts). A row
 * counts only for the same `day`, the product's current `trend_version` (bumped by triggers when price_daily of
 * a past day changes or a URL leaves the product) and a retention cutoff that still keeps what it counted:
 * never older than `cutoff` (the one it was computed with), never past `oldest_at` (its oldest reading counted).
 */
export const marketTrend = pgTable(
  "market_trend",
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    days: integer().notNull(),
    day: date({ mode: "string" }).notNull(),
    version: integer().notNull(),
    /** The average in cents, rounded half away from zero; null without a comparable offer then. */
    avgCents: bigint({ mode: "number" }),
    cutoff: timestamp({ withTimezone: true }),
    oldestAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ name: "market_trend_pk", columns: [t.productId, t.days] })],
);
