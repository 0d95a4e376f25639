import { pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { workspaces } from "./workspaces";

export const REPORT_FREQUENCIES = ["off", "weekly", "daily"] as const;

export const reportSends = pgTable(
  "report_sends",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // 'daily:2026-11-23' or 'weekly:2026-W48' (Paris calendar): one report per member, workspace and period
    periodKey: text().notNull(),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("report_sends_member_period_uq").on(t.workspaceId, t.userId, t.periodKey)],
);
