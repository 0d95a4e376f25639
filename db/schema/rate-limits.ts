import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Fixed-window request counters shared by every app process (lib/core/rate-limit.ts).
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);
