import {
  bigint,
  boolean,
  char,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { productUrls } from "./products";

/**
 * One row per URL and Europe/Paris calendar day that has readings: the day's price_history in one row, for
 * charts, sparklines, trends and counts whose cost must not grow with the history. Kept by the price_history
 * triggers of its migration in the inserting/deleting transaction (scrapes, purge, URL deletion); never written
 * by the app.
 *
 * "Price" means the price of an available reading (`case when available then price end`), as the chart draws
 * it: an unavailable reading, or one without a price, is counted in `readings` but in no price column.
 */
export const priceDaily = pgTable(
  "price_daily",
  {
    urlId: uuid()
      .notNull()
      .references(() => productUrls.id, { onDelete: "cascade" }),
    /** The calendar day in Europe/Paris: created_at >= day 00:00 Paris and < the next day 00:00 Paris. */
    day: date({ mode: "string" }).notNull(),
    /** All readings of the day, available or not (their sum over days is the URL's history count). */
    readings: integer().notNull(),
    /** Readings with a price (available): the count behind `priceSum`, `minPrice` and `maxPrice`. */
    priced: integer().notNull(),
    /** Exact sum of the day's prices, for averages (priceSum / priced); null when `priced` is 0. */
    priceSum: numeric({ precision: 16, scale: 2 }),
    minPrice: numeric({ precision: 12, scale: 2 }),
    /** When the day's lowest price was first seen. */
    minAt: timestamp({ withTimezone: true }),
    maxPrice: numeric({ precision: 12, scale: 2 }),
    maxAt: timestamp({ withTimezone: true }),
    /** The day's first reading (order created_at, id): its id, time and price (null: unavailable or none). */
    firstId: bigint({ mode: "number" }).notNull(),
    firstAt: timestamp({ withTimezone: true }).notNull(),
    firstPrice: numeric({ precision: 12, scale: 2 }),
    /** The day's last reading (order created_at, id): the price in force at the end of the day. */
    lastId: bigint({ mode: "number" }).notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    lastPrice: numeric({ precision: 12, scale: 2 }),
    /** The crossed-out reference price the last reading showed, if any. */
    lastRegularPrice: numeric({ precision: 12, scale: 2 }),
    lastAvailable: boolean().notNull(),
    lastCurrency: char({ length: 3 }),
  },
  (t) => [primaryKey({ name: "price_daily_pk", columns: [t.urlId, t.day] })],
);
