import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { products } from "./products";
import { workspaces } from "./workspaces";

/**
 * Per product and basis ('price': the item price; 'total': plus the stated shipping), the market of its URLs'
 * latest readings (product_urls.latest_*) as the 'Vue marché' reads it (lib/insights/load-positions.ts): counts,
 * min, sum and max of the comparable offers in cents, the cheapest offers. Kept by the product_urls triggers of
 * its migration in the transaction that changes a URL's latest reading, moves, adds or deletes a URL; never
 * written by the app. It ignores retention: a reader whose cutoff is past `oldest_at` computes live instead.
 */
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
  },
  (t) => [
    primaryKey({ name: "product_market_pk", columns: [t.productId, t.basis] }),
    index("product_market_workspace_idx").on(t.workspaceId, t.basis, t.oldestAt),
  ],
);
