import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { priceHistory, productUrls, products } from "./products";
import { workspaces } from "./workspaces";

export const FLAG_KINDS = ["suspect_promotion", "below_min_advertised"] as const;

/**
 * Findings of the promotion checks, one row per episode: opened by the first reading that shows the finding,
 * resolved by the first later reading that no longer does. A change of the product's minimum advertised price
 * re-judges the latest reading the same way (its own flag reopens if it had been resolved so). At most one open
 * flag per URL and kind.
 */
export const priceFlags = pgTable(
  "price_flags",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    urlId: uuid()
      .notNull()
      .references(() => productUrls.id, { onDelete: "cascade" }),
    // the reading that opened the flag; the evidence keeps its date and prices should it be purged
    priceHistoryId: bigint({ mode: "number" }).references(() => priceHistory.id, { onDelete: "set null" }),
    kind: text({ enum: FLAG_KINDS }).notNull(),
    evidence: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("price_flags_reading_kind_unique").on(t.priceHistoryId, t.kind),
    uniqueIndex("price_flags_open_unique").on(t.urlId, t.kind).where(sql`${t.resolvedAt} is null`),
    index("price_flags_workspace_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index("price_flags_product_created_idx").on(t.productId, t.createdAt.desc(), t.id.desc()),
  ],
);
