import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  char,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./users";

export const TRACKING_FREQUENCIES = ["hourly", "daily", "weekly"] as const;
export const URL_STATUSES = ["pending", "ok", "no_price", "blocked", "unreachable", "error", "paused"] as const;

export const products = pgTable(
  "products",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar({ length: 200 }).notNull(),
    description: text(),
    referencePrice: numeric({ precision: 12, scale: 2 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("products_user_created_idx").on(t.userId, t.createdAt)],
);

export const productUrls = pgTable(
  "product_urls",
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    url: varchar({ length: 2048 }).notNull(),
    trackingFrequency: text({ enum: TRACKING_FREQUENCIES }).notNull().default("daily"),
    selector: text(),
    fetchMode: text({ enum: ["auto", "static", "browser"] }).notNull().default("auto"),
    nextCheckAt: timestamp({ withTimezone: true }),
    lastCheckedAt: timestamp({ withTimezone: true }),
    lastStatus: text({ enum: URL_STATUSES }).notNull().default("pending"),
    lastError: text(),
    consecutiveFailures: integer().notNull().default(0),
    paused: boolean().notNull().default(false),
    pausedReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("product_urls_product_url_unique").on(t.productId, t.url),
    index("product_urls_user_idx").on(t.userId),
    index("product_urls_due_idx").on(t.nextCheckAt).where(sql`${t.paused} = false`),
  ],
);

export const priceHistory = pgTable(
  "price_history",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    urlId: uuid()
      .notNull()
      .references(() => productUrls.id, { onDelete: "cascade" }),
    // null when the page shows no price because the item is unavailable
    price: numeric({ precision: 12, scale: 2 }),
    currency: char({ length: 3 }),
    available: boolean().notNull(),
    taskId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("price_history_url_created_idx").on(t.urlId, t.createdAt.desc())],
);

export const TASK_STATUSES = ["pending", "processing", "completed", "failed", "cancelled", "retry"] as const;

export const scrapeTasks = pgTable(
  "scrape_tasks",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid().references(() => products.id, { onDelete: "cascade" }),
    urlId: uuid().references(() => productUrls.id, { onDelete: "cascade" }),
    url: varchar({ length: 2048 }).notNull(),
    status: text({ enum: TASK_STATUSES }).notNull().default("pending"),
    priority: text({ enum: ["low", "normal", "high"] }).notNull().default("normal"),
    trigger: text({ enum: ["manual", "schedule", "api", "batch", "first"] }).notNull().default("manual"),
    useAi: boolean().notNull().default(false),
    retryCount: integer().notNull().default(0),
    // Retries after the first attempt: 3 attempts in all.
    maxRetries: integer().notNull().default(2),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedBy: text(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    error: text(),
    result: jsonb(),
    metadata: jsonb().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("scrape_tasks_status_run_idx").on(t.status, t.runAt),
    index("scrape_tasks_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("scrape_tasks_url_idx").on(t.urlId),
    index("scrape_tasks_product_idx").on(t.productId),
  ],
);
