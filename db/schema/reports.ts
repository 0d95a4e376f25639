import { pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const REPORT_FREQUENCIES = ["off", "weekly", "daily"] as const;

export const reportPreferences = pgTable("report_preferences", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  frequency: text({ enum: REPORT_FREQUENCIES }).notNull().default("off"),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const reportSends = pgTable(
  "report_sends",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // 'daily:2026-11-23' or 'weekly:2026-W48' (Paris calendar): one report per user and period
    periodKey: text().notNull(),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("report_sends_user_period_uq").on(t.userId, t.periodKey)],
);
