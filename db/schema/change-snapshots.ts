import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * The Vue marché's changes of a large catalogue computed once a minute instead of per request
 * (lib/insights/change-snapshots.ts): per workspace, period and basis, the latest computation — its instant, its
 * counts per kind — and, per kind, the first lines in the list's order. Written by lib/insights only; statement
 * triggers drop a workspace's snapshots when a URL is deleted or a reading corrected (migrations 0045, 0047).
 */
export const changeSnapshots = pgTable(
  "change_snapshots",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    period: text({ enum: ["day", "week"] }).notNull(),
    basis: text({ enum: ["price", "total"] }).notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
    since: timestamp({ withTimezone: true }).notNull(),
    // { drop, rise, out_of_stock, back_in_stock, new_cheapest }: every change of the period, not only those kept
    counts: jsonb().$type<Record<string, number>>().notNull(),
    // the last read served from it: the refresh job keeps only the snapshots read lately
    viewedAt: timestamp({ withTimezone: true }).notNull(),
    tookMs: integer().notNull(),
  },
  (t) => [
    unique("change_snapshots_key").on(t.workspaceId, t.period, t.basis),
    index("change_snapshots_viewed_idx").on(t.viewedAt),
    check("change_snapshots_period", sql`${t.period} in ('day', 'week')`),
    check("change_snapshots_basis", sql`${t.basis} in ('price', 'total')`),
  ],
);

/**
 * Per workspace, `epoch`: raised by the triggers that outdate its snapshots (a URL deleted, a reading corrected), so
 * that a computation which began before is not kept after. Written by lib/insights and those triggers only.
 */
export const changeSnapshotStates = pgTable("change_snapshot_states", {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  epoch: bigint({ mode: "number" }).notNull().default(0),
});

/** A kept line: its kind's rank in CHANGE_KINDS, its place among that kind's lines, the change as the API gives it. */
export const changeSnapshotLines = pgTable(
  "change_snapshot_lines",
  {
    snapshotId: bigint({ mode: "number" })
      .notNull()
      .references(() => changeSnapshots.id, { onDelete: "cascade" }),
    kindRank: smallint().notNull(),
    place: integer().notNull(),
    line: jsonb().notNull(),
  },
  (t) => [primaryKey({ name: "change_snapshot_lines_pk", columns: [t.snapshotId, t.kindRank, t.place] })],
);
