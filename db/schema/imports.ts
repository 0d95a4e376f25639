import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/** One line of an import file, as parsed (lib/products/import/parse-import-file.ts). */
export type TImportFileRow = {
  line: number;
  product: string;
  description: string;
  source: string;
  url: string;
  frequency: string;
  // the optional identity columns; absent in the rows of an import recorded before them
  sku?: string;
  ean?: string;
  brand?: string;
  mpn?: string;
  category?: string;
  tags?: string;
  image?: string;
  costPrice?: string;
  referencePrice?: string;
  minPrice?: string;
  /** why the EAN of a numeric XLSX cell is refused (lib/products/identity/gtin.ts gtinFromNumber) */
  eanError?: string;
};

/** A product's identity as an import gives it (lib/products/identity/schemas.ts output), set fields only. */
export type TImportIdentity = {
  sku?: string;
  gtins?: { code: string; gtin: string }[];
  brand?: string;
  mpn?: string;
  category?: string;
  tags?: string[];
  image_url?: string;
  cost_price?: string;
  reference_price?: string;
  min_advertised_price?: string;
};

export type TImportRefusalRow = { line: number; reason: string; product: string; url: string };

/**
 * What the plan step decided (lib/products/import/plan-import.ts): the products by group key, and the rows
 * to write in batches (indexes into `rows`), each batch one transaction.
 */
export type TImportPlan = {
  groups: Record<
    string,
    { name: string; description: string | null; existingId: string | null; identity?: TImportIdentity }
  >;
  batches: { group: string; rows: number[] }[][];
};

/**
 * A products import, run by the import-products job in batches: `cursor` batches are written, `done` rows
 * handled (written or refused). Each batch moves them in the transaction that writes its rows, so a run
 * that dies resumes after the last committed batch: nothing lost, nothing written twice.
 */
export const productImports = pgTable(
  "product_imports",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    fileName: text().notNull(),
    /** sha256 of the file's bytes: the rows are keyed by their index in this file */
    fileHash: text().notNull(),
    status: text({ enum: ["pending", "running", "done", "failed"] })
      .notNull()
      .default("pending"),
    rows: jsonb().$type<TImportFileRow[]>().notNull(),
    total: integer().notNull(),
    done: integer().notNull().default(0),
    plan: jsonb().$type<TImportPlan>(),
    cursor: integer().notNull().default(0),
    /** the product of each group key, once created or found */
    productIds: jsonb().$type<Record<string, string>>().notNull().default({}),
    refused: jsonb().$type<TImportRefusalRow[]>().notNull().default([]),
    createdProducts: integer().notNull().default(0),
    updatedProducts: integer().notNull().default(0),
    createdUrls: integer().notNull().default(0),
    /** failed attempts since the last batch written; at IMPORT_MAX_FAILURES the import is 'failed' */
    failures: integer().notNull().default(0),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("product_imports_workspace_idx").on(t.workspaceId, t.createdAt),
    index("product_imports_status_idx").on(t.status),
  ],
);
