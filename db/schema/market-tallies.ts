import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * The Vue marché's workspace-wide tallies (lib/insights/rollups.md), kept without a hot row: statement triggers on
 * product_merchants and product_market append each statement's signed change per key to a `*_deltas` table (the
 * old rows' contribution negative, the new rows' positive), which writers of different products never wait on;
 * the fold-market-tallies job moves the deltas into the folded table every minute. A reader sums the folded rows
 * and the pending deltas of its workspace and basis: exact at any moment. Never written by the app.
 */
// The deltas have no foreign key: its check would lock the workspace's row (key share) at every scrape. The fold
// drops the deltas of a deleted workspace; the triggers write none for a workspace being deleted.
const workspace = {
  workspaceId: uuid()
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
};
const merchantKey = {
  basis: text({ enum: ["price", "total"] }).notNull(),
  domain: text().notNull(),
  own: text().notNull(),
  seller: text(),
  ownName: text(),
  names: text().array().notNull(),
};
/** Per merchant key: the product_merchants rows counted (products) and the sums the merchants' table reads. */
const merchantSums = {
  products: integer().notNull(),
  urls: integer().notNull(),
  outOfStock: integer().notNull(),
  priced: integer().notNull(),
  cheapest: integer().notNull(),
  compared: integer().notNull(),
  gapSum: bigint({ mode: "number" }).notNull(),
  mySum: bigint({ mode: "number" }).notNull(),
};

/**
 * Per workspace, basis and product_merchants key (domain, own, seller, own_name, names): a row disappears when
 * its count of products reaches 0. `key` is merchant_tally_key() of the key's columns (names may be long).
 */
export const merchantTallies = pgTable(
  "merchant_tallies",
  { ...workspace, ...merchantKey, key: uuid().notNull(), ...merchantSums },
  (t) => [
    primaryKey({ name: "merchant_tallies_pk", columns: [t.workspaceId, t.basis, t.key] }),
    index("merchant_tallies_zero_idx").on(t.workspaceId).where(sql`${t.products} = 0`),
  ],
);

export const merchantTallyDeltas = pgTable(
  "merchant_tally_deltas",
  { workspaceId: uuid().notNull(), ...merchantKey, ...merchantSums },
  (t) => [index("merchant_tally_deltas_workspace_idx").on(t.workspaceId, t.basis)],
);

/**
 * Per workspace, basis and position (product_market.position_rank) of the lines (products with 'mon prix'):
 * how many, and over those with a market (ranks but no_market) the sums of my prices and market averages.
 */
const positionColumns = {
  basis: text({ enum: ["price", "total"] }).notNull(),
  positionRank: smallint().notNull(),
  lines: integer().notNull(),
  mySum: bigint({ mode: "number" }).notNull(),
  avgSum: bigint({ mode: "number" }).notNull(),
};

export const positionTallies = pgTable("position_tallies", { ...workspace, ...positionColumns }, (t) => [
  primaryKey({ name: "position_tallies_pk", columns: [t.workspaceId, t.basis, t.positionRank] }),
  index("position_tallies_zero_idx").on(t.workspaceId).where(sql`${t.lines} = 0`),
]);

export const positionTallyDeltas = pgTable(
  "position_tally_deltas",
  { workspaceId: uuid().notNull(), ...positionColumns },
  (t) => [index("position_tally_deltas_workspace_idx").on(t.workspaceId, t.basis)],
);
