import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

export const plans = pgTable("plans", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(""),
  type: text({ enum: ["freemium", "paid"] }).notNull(),
  priceHtCents: integer().notNull(),
  currency: text().notNull().default("EUR"),
  stripePriceId: text(),
  // null = unlimited
  maxProducts: integer(),
  maxUrlsPerProduct: integer(),
  historyRetentionDays: integer(),
  /** seats: members plus pending invitations (null = unlimited) */
  maxMembers: integer(),
  /** how long the audit log keeps its events */
  auditRetentionDays: integer().notNull().default(30),
  // 'dossiers de preuve' kept at once (lib/evidence); null = unlimited
  maxEvidenceCaptures: integer(),
  hasAutomation: boolean().notNull().default(false),
  hasEmailAlerts: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    // one current subscription per workspace
    workspaceId: uuid()
      .notNull()
      .unique()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    status: text({ enum: ["active", "trialing", "past_due", "canceled", "incomplete", "unpaid"] })
      .notNull()
      .default("active"),
    provider: text({ enum: ["none", "stripe", "demo"] })
      .notNull()
      .default("none"),
    stripeSubscriptionId: text().unique(),
    stripeCustomerId: text(),
    stripePriceId: text(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    // a cheaper plan taking over at currentPeriodEnd (demo mode); the plan in force stays planId until then
    pendingPlanId: integer().references(() => plans.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("subscriptions_plan_idx").on(t.planId)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    provider: text({ enum: ["stripe", "demo"] }).notNull(),
    stripeInvoiceId: text().unique(),
    number: text(),
    amountPaid: integer().notNull().default(0),
    amountDue: integer().notNull().default(0),
    total: integer().notNull().default(0),
    currency: text().notNull().default("eur"),
    status: text().notNull(),
    invoicePdf: text(),
    hostedInvoiceUrl: text(),
    planId: integer().references(() => plans.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invoices_workspace_created_idx").on(t.workspaceId, t.createdAt.desc())],
);

export const stripeEvents = pgTable("stripe_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
