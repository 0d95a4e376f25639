import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { computeAndKeep, READ_LATELY_MS, REFRESH_AFTER_MS, type TSnapshotKey } from "./change-snapshots";

/**
 * The refresh job's work (lib/insights/change-snapshots.ts): the snapshots read within READ_LATELY_MS and computed
 * more than REFRESH_AFTER_MS ago are computed again, the oldest first, `max` at most, each at its own instant
 * (`clock`); one that fails is logged and the others go on. Those not read for an hour are dropped.
 */
export async function refreshChangeSnapshots(clock: () => Date = () => new Date(), max = 20) {
  const db = await getDb();
  const now = clock();
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  await db.execute(sql`delete from change_snapshots where viewed_at < ${ago(3_600_000)}::timestamptz`);
  const due = await queryRows<{ workspace_id: string; period: TSnapshotKey["period"]; basis: TSnapshotKey["basis"] }>(
    db,
    sql`select workspace_id, period, basis from change_snapshots
         where viewed_at >= ${ago(READ_LATELY_MS)}::timestamptz and computed_at < ${ago(REFRESH_AFTER_MS)}::timestamptz
         order by computed_at limit ${max}`,
  );
  let refreshed = 0;
  for (const d of due) {
    try {
      await computeAndKeep({ workspaceId: d.workspace_id, period: d.period, basis: d.basis }, clock(), "job");
      refreshed++;
    } catch (error) {
      console.error("[changes] instantané non recalculé", d.workspace_id, d.period, d.basis, error);
    }
  }
  return { refreshed, failed: due.length - refreshed };
}
