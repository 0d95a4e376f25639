import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    /** the account the mail was written for (null: the company, e.g. the contact form); the outbox shows a user only theirs */
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
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
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt.desc()),
    index("email_outbox_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);
