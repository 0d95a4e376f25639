import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { priceFlags } from "./flags";
import { productUrls, products } from "./products";
import { users } from "./users";
import { workspaces } from "./workspaces";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const EVIDENCE_STATUSES = ["pending", "ready", "failed"] as const;
export const EVIDENCE_REASONS = ["flag", "manual"] as const;

/**
 * A 'dossier de preuve': a page's screenshot and HTML captured at `captured_at`, gzip-compressed, with the SHA-256
 * of the uncompressed bytes and the values read from that HTML. Written once by the capture job (pending → ready
 * or failed), never changed after; purged with the plan's retention. At most one capture per flag.
 */
export const evidenceCaptures = pgTable(
  "evidence_captures",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    urlId: uuid()
      .notNull()
      .references(() => productUrls.id, { onDelete: "cascade" }),
    flagId: uuid().references(() => priceFlags.id, { onDelete: "set null" }),
    // the reading the capture stands beside (the flag's, else the URL's latest); kept should it be purged
    readingId: bigint({ mode: "number" }),
    readingAt: timestamp({ withTimezone: true }),
    reason: text({ enum: EVIDENCE_REASONS }).notNull(),
    status: text({ enum: EVIDENCE_STATUSES }).notNull().default("pending"),
    error: text(),
    requestedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    url: text().notNull(),
    finalUrl: text(),
    httpStatus: integer(),
    capturedAt: timestamp({ withTimezone: true }),
    screenshotGz: bytea(),
    htmlGz: bytea(),
    screenshotSha256: text(),
    htmlSha256: text(),
    screenshotBytes: integer(),
    htmlBytes: integer(),
    storedBytes: integer().notNull().default(0),
    extracted: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("evidence_captures_flag_unique").on(t.flagId).where(sql`${t.flagId} is not null`),
    index("evidence_captures_workspace_created_idx").on(t.workspaceId, t.createdAt.desc()),
    index("evidence_captures_url_created_idx").on(t.urlId, t.createdAt.desc()),
  ],
);
