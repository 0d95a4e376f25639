import { date, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * The data-health screen's checks per workspace, shop and day (UTC day of the task's creation), added by a
 * statement trigger on scrape_tasks when a check finishes (migration health-rollups): the freshness figure and
 * the per-shop statistics read 7 rows per shop instead of 7 days of checks. One row per shop and day, so that
 * writers of different shops never wait on each other. A check counts when it finishes (a re-run check counts
 * again); deleting tasks leaves the rows (the checks were made). The app never writes this table.
 */
export const shopCheckDays = pgTable(
  "shop_check_days",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    day: date().notNull(),
    // the task's host without "www." (its URL's when the task has none), as getShopStats names a shop
    shop: text().notNull(),
    // finished checks (completed or failed), and those completed
    checks: integer().notNull().default(0),
    succeeded: integer().notNull().default(0),
    // finished scheduled checks of a URL that still existed, and those done by their deadline (getFreshness)
    scheduled: integer().notNull().default(0),
    onTime: integer().notNull().default(0),
    // fetch times (claim to end) as {"<ms rounded down to 2 significant digits>": count}: at most 550 keys
    durations: jsonb().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.shop] })],
);

/**
 * A workspace's URLs per shop (getShopStats' "URLs" column, the table's order), kept by statement triggers on
 * product_urls (migration health-rollups); a statement that changes no URL's address writes nothing.
 */
export const shopUrlCounts = pgTable(
  "shop_url_counts",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    shop: text().notNull(),
    urls: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.shop] })],
);
