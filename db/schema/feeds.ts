import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { products, TRACKING_FREQUENCIES } from "./products";
import { workspaces } from "./workspaces";

export const FEED_FORMATS = ["google_xml", "google_csv", "shopify", "woocommerce", "prestashop", "veilleprix"] as const;
export const FEED_FIELDS = [
  "sku",
  "name",
  "description",
  "ean",
  "brand",
  "mpn",
  "category",
  "tags",
  "image",
  "cost_price",
  "reference_price",
  "min_price",
] as const;
export type TFeedFormat = (typeof FEED_FORMATS)[number];
export type TFeedField = (typeof FEED_FIELDS)[number];
/** Which column (header as the source names it) gives each field; null: the field is not read. */
export type TFeedMapping = Record<TFeedField, string | null>;
/**
 * A source's table: its column names and its rows (cells in the header's order), with their line numbers and
 * the columns whose XLSX cell held a number.
 */
export type TFeedTable = { header: string[]; rows: { line: number; cells: string[]; numeric?: number[] }[] };
/** One row of a feed after its mapping, every field as text (blank when absent); why a numeric EAN is refused. */
export type TFeedRow = { line: number; ean_error?: string } & Record<TFeedField, string>;

export const FEED_OUTCOMES = ["new", "changed", "unchanged", "gone", "invalid", "over_limit"] as const;
export type TFeedOutcome = (typeof FEED_OUTCOMES)[number];

/**
 * A catalogue feed of a workspace: a file uploaded (its table kept in `fileTable`, run again on demand) or a URL
 * fetched every `frequency` through the SSRF guard. `mapping` is the column mapping the user confirmed.
 */
export const catalogFeeds = pgTable(
  "catalog_feeds",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text().notNull(),
    source: text({ enum: ["file", "url"] }).notNull(),
    url: text(),
    fileName: text(),
    fileTable: jsonb().$type<TFeedTable>(),
    frequency: text({ enum: TRACKING_FREQUENCIES }),
    format: text({ enum: FEED_FORMATS }),
    /** the columns last read from the source (offered by the mapping step) */
    header: jsonb().$type<string[]>().notNull().default([]),
    mapping: jsonb().$type<TFeedMapping>(),
    nextRunAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("catalog_feeds_workspace_idx").on(t.workspaceId, t.createdAt),
    index("catalog_feeds_due_idx").on(t.nextRunAt),
  ],
);

export type TFeedCounts = Record<TFeedOutcome, number>;

/**
 * One run of a feed, by the run-feed job: `load` reads the source into catalog_feed_run_rows (`total` rows), then
 * each batch handles the rows from `cursor` in one short transaction that also moves `done`, `cursor` and
 * `counts`; a run that dies resumes after its last committed batch.
 */
export const catalogFeedRuns = pgTable(
  "catalog_feed_runs",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    feedId: uuid()
      .notNull()
      .references(() => catalogFeeds.id, { onDelete: "cascade" }),
    trigger: text({ enum: ["manual", "schedule"] }).notNull(),
    status: text({ enum: ["pending", "running", "done", "failed"] })
      .notNull()
      .default("pending"),
    /** set once the source is read into the run's rows */
    loaded: integer().notNull().default(0),
    total: integer().notNull().default(0),
    done: integer().notNull().default(0),
    cursor: integer().notNull().default(0),
    counts: jsonb()
      .$type<TFeedCounts>()
      .notNull()
      .default({ new: 0, changed: 0, unchanged: 0, gone: 0, invalid: 0, over_limit: 0 }),
    failures: integer().notNull().default(0),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("catalog_feed_runs_feed_idx").on(t.feedId, t.createdAt),
    index("catalog_feed_runs_status_idx").on(t.status),
  ],
);

/** A row of a run: the mapped row (`data`), then what the run did with it. 'gone' rows have no line. */
export const catalogFeedRunRows = pgTable(
  "catalog_feed_run_rows",
  {
    runId: uuid()
      .notNull()
      .references(() => catalogFeedRuns.id, { onDelete: "cascade" }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    idx: integer().notNull(),
    line: integer(),
    sku: text(),
    name: text(),
    data: jsonb().$type<TFeedRow>(),
    outcome: text({ enum: FEED_OUTCOMES }),
    reason: text(),
    changes: text(),
    productId: uuid().references(() => products.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.runId, t.idx] }), index("catalog_feed_run_rows_sku_idx").on(t.runId, t.sku)],
);
