import { bigint, boolean, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { products } from "./products";
import { workspaces } from "./workspaces";

/**
 * Per product, basis and merchant (product_urls.merchant_domain, and the seller of a marketplace offer or the
 * source's own name: lib/insights/get-merchants.ts), what the merchants' table counts there: the merchant's URLs,
 * those out of stock, its lowest comparable amount in cents and whether it is the product's lowest, 'mon prix'.
 * Kept by the product_market triggers of its migration (0036) in the transaction that changes the product's
 * market, under the product's row lock: a workspace's rows are never one hot row. Never written by the app; it
 * ignores retention like product_market (a reader whose cutoff is past its `oldest_at` computes live instead).
 */
export const productMerchants = pgTable(
  "product_merchants",
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    basis: text({ enum: ["price", "total"] }).notNull(),
    domain: text().notNull(),
    /** 'seller:' and the folded seller on a marketplace, else the source's own name or ''. */
    own: text().notNull(),
    /** The least of the merchant's sellers (spaces folded) and of its URLs' trimmed names. */
    seller: text(),
    ownName: text(),
    names: text().array().notNull(),
    urls: integer().notNull(),
    outOfStock: integer().notNull(),
    /** The merchant's lowest comparable amount (null: none) and whether it is the product's lowest. */
    cents: bigint({ mode: "number" }),
    cheapest: boolean().notNull(),
    myCents: bigint({ mode: "number" }),
  },
  (t) => [
    primaryKey({ name: "product_merchants_pk", columns: [t.productId, t.basis, t.domain, t.own] }),
    index("product_merchants_workspace_idx").on(t.workspaceId, t.basis, t.domain, t.own),
  ],
);
