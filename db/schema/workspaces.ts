import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { WORKSPACE_ROLES } from "./workspace-roles";

export { WORKSPACE_ROLES, type TWorkspaceRole } from "./workspace-roles";

/**
 * What a team shares: products, URLs, rules, channels, reports, tokens, the plan and its invoices. A user who
 * existed before workspaces owns one whose id is their user id (migration 0017); later ones get a random id.
 */
export const workspaces = pgTable("workspaces", {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  stripeCustomerId: text().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text({ enum: WORKSPACE_ROLES }).notNull(),
    /** this member's alert e-mails here; 'none' until chosen (nobody gets mail they did not choose) */
    alertMode: text({ enum: ["instant", "digest", "none"] })
      .notNull()
      .default("none"),
    /** this member's scheduled report here */
    reportFrequency: text({ enum: ["off", "weekly", "daily"] })
      .notNull()
      .default("off"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user_idx").on(t.userId)],
);
