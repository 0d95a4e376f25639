import { integer, pgTable, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * The dashboard's counts of a workspace (GET /api/users/me/stats): its products and its tracked (not paused)
 * URLs, kept by statement triggers on products and product_urls (migration workspace-counts), one row per
 * workspace made with it. The app never writes this table.
 */
export const workspaceCounts = pgTable("workspace_counts", {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  products: integer().notNull().default(0),
  activeUrls: integer().notNull().default(0),
});
