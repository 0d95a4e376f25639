import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { WORKSPACE_ROLES } from "./workspace-roles";
import { workspaces } from "./workspaces";

export const users = pgTable("users", {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  firstName: text().notNull().default(""),
  lastName: text().notNull().default(""),
  roles: text().array().notNull().default(sql`'{}'::text[]`),
  /** the workspace opened by a new session (the last one chosen); stale when the user left it */
  lastWorkspaceId: uuid().references((): AnyPgColumn => workspaces.id, { onDelete: "set null" }),
  passwordChangedAt: timestamp({ withTimezone: true }),
  /** null until the owner follows the link sent to `email`; cleared when `email` changes */
  emailVerifiedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** Links sent to verify `email` for `userId`: single use, expiring, stored as their SHA-256 only. */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_verification_tokens_user_idx").on(t.userId)],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the workspace the token acts in; userId is its creator, whose current role there caps `role` */
    workspaceId: uuid()
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    role: text({ enum: WORKSPACE_ROLES }).notNull().default("owner"),
    kind: text({ enum: ["session", "api"] }).notNull(),
    name: text().notNull().default(""),
    tokenHash: text().notNull().unique(),
    prefix: text().notNull().default(""),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId), index("api_tokens_workspace_idx").on(t.workspaceId)],
);

/** One row per browser sign-in (next-auth JWT `sid`): revoked on sign-out and on password change/reset. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the workspace open in this browser; checked against workspace_members on every request */
    workspaceId: uuid().references((): AnyPgColumn => workspaces.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);
