import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

export const FETCH_PROVIDERS = ["zyte", "scrapingbee", "scraperapi", "brightdata"] as const;
export const SHOP_STRATEGIES = ["auto", "direct", "browser", "proxy", "provider"] as const;
export const FETCH_PATHS = ["direct", "browser", "proxy", "provider"] as const;

/**
 * How a workspace reaches protected shops: its scraping API provider and its own proxies. Secrets are stored
 * encrypted (lib/secrets/secret-box.ts, AES-256-GCM); only their last 4 characters are kept in clear, for display.
 */
export const fetchSettings = pgTable("fetch_settings", {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  provider: text({ enum: FETCH_PROVIDERS }),
  providerKeyEnc: text(),
  providerKeyLast4: text(),
  // Bright Data Web Unlocker zone name
  providerZone: text(),
  // replaces the provider's documented endpoint (https only)
  providerEndpoint: text(),
  proxiesEnc: text(),
  proxyCount: integer().notNull().default(0),
  // credits per calendar month (UTC): paid fetching stops at this total
  monthlyCap: numeric({ precision: 14, scale: 2 }).notNull().default("1000"),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Per workspace and shop (host): the chosen strategy and, for 'auto', the path that last worked. */
export const shopAccess = pgTable(
  "shop_access",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    host: text().notNull(),
    strategy: text({ enum: SHOP_STRATEGIES }).notNull().default("auto"),
    lastPath: text({ enum: FETCH_PATHS }),
    lastPathAt: timestamp({ withTimezone: true }),
    // true: this shop always goes through the same proxy of the list (sticky session); false: they rotate
    stickyProxy: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    successes: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.host] })],
);

/** Paid requests per workspace, month (first day, UTC) and shop, with the credits the provider reported. */
export const fetchUsage = pgTable(
  "fetch_usage",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    month: date().notNull(),
    host: text().notNull(),
    requests: integer().notNull().default(0),
    credits: numeric({ precision: 14, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.month, t.host] }), index("fetch_usage_month_idx").on(t.month)],
);

/**
 * The month's credits spent plus those reserved by paid requests in flight. A request may start only through
 * an atomic conditional upsert that keeps `reserved` within the cap (lib/fetching/provider-budget.ts).
 */
export const fetchBudget = pgTable(
  "fetch_budget",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    month: date().notNull(),
    reserved: numeric({ precision: 14, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.month] })],
);

/**
 * Politeness per merchant host, shared by every runner and app instance: a task of the host may start only
 * while its row is locked by the claim, fewer than `max_concurrent` of its tasks run and `next_start_at` has
 * passed (then moved `min_spacing_ms` on). Null limits: the defaults of lib/env.ts.
 */
export const hostPoliteness = pgTable(
  "host_politeness",
  {
    host: text().primaryKey(),
    maxConcurrent: integer(),
    minSpacingMs: integer(),
    nextStartAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The host's waiting tasks (pending or retry), kept by a statement trigger on scrape_tasks (migration
    // 0037): their number, and a lower bound of the best one's claim rank and run_at, exact after any of
    // them leaves, and of their earliest run_at. Null bounds: none waits.
    waiting: integer().notNull().default(0),
    nextRank: integer(),
    nextRunAt: timestamp({ withTimezone: true }),
    dueAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // a claim walks the hosts with waiting tasks best first (lib/jobs/claim-candidates.ts)
    index("host_politeness_waiting_idx").on(t.nextRank, t.nextRunAt, t.host).where(sql`${t.waiting} > 0`),
  ],
);
