import {
  bigint,
  boolean,
  char,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  unique,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { priceHistory, productUrls, products } from "./products";
import { users } from "./users";
import { workspaces } from "./workspaces";

export const ALERT_KINDS = [
  "any_change",
  "drop",
  "rise",
  "below",
  "above",
  "out_of_range",
  "back_in_stock",
  "out_of_stock",
  "below_reference",
  "suspect_promotion",
  "below_min_advertised",
  "monitoring_stopped",
] as const;

export const alertRules = pgTable(
  "alert_rules",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    // null only for the workspace's built-in 'monitoring_stopped' rule, which watches the whole catalogue
    productId: uuid().references(() => products.id, { onDelete: "cascade" }),
    // null = every URL of the product
    urlId: uuid().references(() => productUrls.id, { onDelete: "cascade" }),
    kind: text({ enum: ALERT_KINDS }).notNull(),
    thresholdAmount: numeric({ precision: 12, scale: 2 }),
    thresholdPercent: numeric({ precision: 6, scale: 2 }),
    minPrice: numeric({ precision: 12, scale: 2 }),
    maxPrice: numeric({ precision: 12, scale: 2 }),
    // 'monitoring_stopped': the failed or blocked checks in a row that fire it
    failureThreshold: integer(),
    cooldownMinutes: integer().notNull().default(60),
    active: boolean().notNull().default(true),
    // per-URL arming state of threshold rules: { [urlId]: boolean }
    armedState: jsonb().notNull().default({}),
    lastFiredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("alert_rules_product_idx").on(t.productId),
    index("alert_rules_workspace_idx").on(t.workspaceId),
    // one built-in 'Surveillance interrompue' rule per workspace
    uniqueIndex("alert_rules_workspace_monitoring_unique")
      .on(t.workspaceId)
      .where(sql`${t.kind} = 'monitoring_stopped'`),
  ],
);

export const alertEvents = pgTable(
  "alert_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    ruleId: uuid()
      .notNull()
      .references(() => alertRules.id, { onDelete: "cascade" }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    urlId: uuid().references(() => productUrls.id, { onDelete: "cascade" }),
    priceHistoryId: bigint({ mode: "number" }).references(() => priceHistory.id, { onDelete: "set null" }),
    // exactly-once: one event per rule and price entry
    dedupeKey: text().notNull().unique(),
    oldPrice: numeric({ precision: 12, scale: 2 }),
    newPrice: numeric({ precision: 12, scale: 2 }),
    currency: char({ length: 3 }),
    details: jsonb().notNull().default({}),
    delivery: text({ enum: ["instant", "digest", "test"] })
      .notNull()
      .default("instant"),
    status: text({ enum: ["pending", "sent", "failed", "skipped"] })
      .notNull()
      .default("pending"),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("alert_events_product_created_idx").on(t.productId, t.createdAt.desc()),
    index("alert_events_workspace_status_idx").on(t.workspaceId, t.status),
  ],
);

/**
 * One alert e-mail owed to one member: enqueued with the event for every member whose mode is not 'none', in
 * that member's mode. Claimed with a lease like channel deliveries; unique per (event, member): sent once.
 */
export const alertEmailDeliveries = pgTable(
  "alert_email_deliveries",
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => alertEvents.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    delivery: text({ enum: ["instant", "digest"] }).notNull(),
    status: text({ enum: ["pending", "sent", "failed", "skipped"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    claimedAt: timestamp({ withTimezone: true }),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("alert_email_deliveries_event_user_uq").on(t.eventId, t.userId),
    index("alert_email_deliveries_due_idx").on(t.delivery, t.status),
    index("alert_email_deliveries_member_idx").on(t.workspaceId, t.userId),
  ],
);
