import { index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { workspaces } from "./workspaces";

/**
 * The products list's filter values with how many of a workspace's products carry each (GET
 * /api/products/facets): brands, categories (as written; their parents are summed when read) and tags, kept by
 * statement triggers on products (migration product-facets); a value no product carries any more is deleted.
 * The app never writes this table.
 */
export const productFacets = pgTable(
  "product_facets",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text({ enum: ["brand", "category", "tag"] }).notNull(),
    value: text().notNull(),
    products: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.kind, t.value] }),
    // the few rows a statement brought to zero, found without reading the workspace's values
    index("product_facets_emptied_idx").on(t.workspaceId).where(sql`${t.products} <= 0`),
  ],
);
