import { pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

export const REPORT_FREQUENCIES = ["off", "weekly", "daily"] as const;

export const reportPreferences = pgTable("report_preferences", {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  frequency: text({ enum: REPORT_FREQUENCIES }).notNull().default("off"),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const reportSends = pgTable(
  "report_sends",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    // 'daily:2026-11-23' or 'weekly:2026-W48' (Paris calendar): one report per workspace and period
    periodKey: text().notNull(),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("report_sends_workspace_period_uq").on(t.workspaceId, t.periodKey)],
);
