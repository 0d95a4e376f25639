import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    from: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull().default(""),
    headers: jsonb().notNull().default({}),
    kind: text().notNull().default("generic"),
    idempotencyKey: text().unique(),
    transport: text({ enum: ["outbox", "resend"] })
      .notNull()
      .default("outbox"),
    status: text({ enum: ["stored", "sent", "failed"] })
      .notNull()
      .default("stored"),
    providerId: text(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("email_outbox_created_idx").on(t.createdAt.desc())],
);
