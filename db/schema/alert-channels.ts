import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { alertEvents, alertRules } from "./alerts";
import { workspaces } from "./workspaces";

export const ALERT_CHANNEL_KINDS = ["webhook", "slack", "teams"] as const;

export const alertChannels = pgTable(
  "alert_channels",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text({ enum: ALERT_CHANNEL_KINDS }).notNull(),
    name: text().notNull(),
    url: text().notNull(),
    // webhook signing key; kept readable because every delivery is signed with it, shown to the user once
    secret: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("alert_channels_workspace_idx").on(t.workspaceId)],
);

export const alertRuleChannels = pgTable(
  "alert_rule_channels",
  {
    ruleId: uuid()
      .notNull()
      .references(() => alertRules.id, { onDelete: "cascade" }),
    channelId: uuid()
      .notNull()
      .references(() => alertChannels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.channelId] }), index("alert_rule_channels_channel_idx").on(t.channelId)],
);

export const alertChannelDeliveries = pgTable(
  "alert_channel_deliveries",
  {
    id: uuid().primaryKey().defaultRandom(),
    channelId: uuid()
      .notNull()
      .references(() => alertChannels.id, { onDelete: "cascade" }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    // null for a test message
    alertEventId: uuid().references(() => alertEvents.id, { onDelete: "cascade" }),
    // the message as sent on every attempt (retries send the very same body)
    payload: jsonb().notNull(),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp({ withTimezone: true }),
    httpStatus: integer(),
    durationMs: integer(),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one delivery per (channel, alert): a re-run of the evaluation never sends twice
    unique("alert_channel_deliveries_event_uq").on(t.channelId, t.alertEventId),
    index("alert_channel_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("alert_channel_deliveries_channel_idx").on(t.channelId, t.createdAt.desc()),
  ],
);
