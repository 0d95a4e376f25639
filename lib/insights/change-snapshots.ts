import { sql } from "drizzle-orm";
import { type DbLike, getDb, queryRows } from "@/db";
import { changesAnswer, computeChanges, type TChange } from "./get-changes";
import {
  CHANGE_KINDS,
  CHANGES_MAX_LIMIT,
  type TBasis,
  type TChangeKind,
  type TChangePeriod,
  type TChangesQuery,
} from "./schemas";

/**
 * A large catalogue's changes are computed once a minute or two, not per request (lib/insights/rollups.md): a
 * workspace whose computation read at least SNAPSHOT_FROM_URLS URLs keeps it in change_snapshots — every count, and
 * each kind's first CHANGES_MAX_LIMIT lines — and its readers page through it while it is at most FRESH_MS old
 * (`as_of` says when it was computed). The refresh job computes again, every minute, those read within
 * READ_LATELY_MS and older than REFRESH_AFTER_MS. A smaller catalogue's changes are computed per request, exact to
 * the instant, only what was asked. A URL deleted or a reading corrected outdates the workspace's snapshots and
 * raises its epoch (migration 0047): a computation that began before is not kept.
 */
export const SNAPSHOT_FROM_URLS = 2_000;
const FRESH_MS = 120_000;
export const REFRESH_AFTER_MS = 40_000;
export const READ_LATELY_MS = 10 * 60_000;
/** viewed_at is written at most this often per snapshot (a read is not a write). */
const VIEWED_STEP_MS = 30_000;
/** Another instance's clock may run a little ahead. */
const SKEW_MS = 5_000;

export type TSnapshotKey = { workspaceId: string; period: TChangePeriod; basis: TBasis };
type TFound = Awaited<ReturnType<typeof computeChanges>>;
type TSnapshotRow = {
  id: number | null;
  computed_at: Date | string | null;
  viewed_at: Date | string | null;
  since: Date | string | null;
  counts: Record<TChangeKind, number> | null;
  lines: TChange[] | null;
};

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const iso = (d: Date) => d.toISOString();

/** The snapshot of a key, if any, with the first `limit` lines of `kind` (one range of its lines' primary key). */
async function readSnapshot(db: DbLike, key: TSnapshotKey, kind: "all" | TChangeKind, limit: number) {
  const ofKind = kind === "all" ? sql`` : sql`and l.kind_rank = ${CHANGE_KINDS.indexOf(kind)}`;
  const [row] = await queryRows<TSnapshotRow>(
    db,
    sql`select s.id, s.computed_at, s.viewed_at, s.since, s.counts,
               (select json_agg(l.line order by l.kind_rank, l.place)
                  from (select l.line, l.kind_rank, l.place from change_snapshot_lines l
                         where l.snapshot_id = s.id ${ofKind}
                         order by l.kind_rank, l.place limit ${limit}) l) as lines
          from change_snapshots s
         where s.workspace_id = ${key.workspaceId} and s.period = ${key.period} and s.basis = ${key.basis}`,
  );
  return row;
}

/**
 * The workspace's epoch, its row made if missing (a trigger raising it meanwhile is waited for). An existing row is
 * read without waiting: a deletion in flight holds it, and the keeper will find it held.
 */
async function epochOf(workspaceId: string) {
  const db = await getDb();
  const read = () =>
    queryRows<{ epoch: number | string }>(
      db,
      sql`select epoch from change_snapshot_states where workspace_id = ${workspaceId}`,
    );
  let [row] = await read();
  if (!row) {
    await db.execute(sql`insert into change_snapshot_states (workspace_id) values (${workspaceId})
                         on conflict (workspace_id) do nothing`);
    [row] = await read();
  }
  return Number(row?.epoch ?? 0);
}

/**
 * Keeps a computation as the key's snapshot unless a later one is kept, or the workspace's epoch moved since it
 * began (a URL deleted or a reading corrected meanwhile; the epoch held FOR SHARE, a trigger raising it waits);
 * drops the snapshot when the catalogue has become small enough to compute per request. A reader's keep makes the
 * row (read now); the job's only updates it (a snapshot dropped for want of readers stays dropped).
 */
async function keepSnapshot(key: TSnapshotKey, computed: TComputed, by: "reader" | "job") {
  const { found, at, tookMs, epoch } = computed;
  const lines = found.lines.map((line, i) => ({ k: CHANGE_KINDS.indexOf(line.kind), p: i, l: line }));
  const key_ = sql`workspace_id = ${key.workspaceId} and period = ${key.period} and basis = ${key.basis}`;
  const values = sql`computed_at = ${iso(at)}::timestamptz, since = ${iso(found.since)}::timestamptz,
                     counts = ${JSON.stringify(found.counts)}::jsonb, took_ms = ${Math.round(tookMs)}`;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [state] = await queryRows<{ epoch: number | string }>(
      tx,
      sql`select epoch from change_snapshot_states where workspace_id = ${key.workspaceId} for share skip locked`,
    );
    if (!state || Number(state.epoch) !== epoch) return;
    if (found.listedUrls < SNAPSHOT_FROM_URLS) {
      await tx.execute(sql`delete from change_snapshots where ${key_}`);
      return;
    }
    // a snapshot stamped later is kept, unless by a clock running further ahead than any skew
    const skew = `${SKEW_MS / 1000} s`;
    const [kept] =
      by === "reader"
        ? await queryRows<{ id: number }>(
            tx,
            sql`insert into change_snapshots (workspace_id, period, basis, computed_at, since, counts, viewed_at, took_ms)
                values (${key.workspaceId}, ${key.period}, ${key.basis}, ${iso(at)}::timestamptz,
                        ${iso(found.since)}::timestamptz, ${JSON.stringify(found.counts)}::jsonb,
                        ${iso(at)}::timestamptz, ${Math.round(tookMs)})
                on conflict (workspace_id, period, basis) do update
                  set computed_at = excluded.computed_at, since = excluded.since, counts = excluded.counts,
                      took_ms = excluded.took_ms, viewed_at = greatest(change_snapshots.viewed_at, excluded.viewed_at)
                where change_snapshots.computed_at < excluded.computed_at
                   or change_snapshots.computed_at > excluded.computed_at + ${skew}::interval
                returning id`,
          )
        : await queryRows<{ id: number }>(
            tx,
            sql`update change_snapshots s set ${values}
                 where ${key_} and (s.computed_at < ${iso(at)}::timestamptz
                                    or s.computed_at > ${iso(at)}::timestamptz + ${skew}::interval)
                returning id`,
          );
    if (!kept) return;
    await tx.execute(sql`delete from change_snapshot_lines where snapshot_id = ${kept.id}`);
    await tx.execute(
      sql`insert into change_snapshot_lines (snapshot_id, kind_rank, place, line)
          select ${kept.id}, (e->>'k')::smallint, (e->>'p')::int, e->'l'
            from jsonb_array_elements(${JSON.stringify(lines)}::jsonb) e`,
    );
  });
}

type TComputed = { found: TFound; at: Date; tookMs: number; epoch: number };

/** One full computation per key at a time in this process: concurrent readers of a stale key share it. */
const computing = new Map<string, Promise<TComputed>>();

/** Every kind's first lines computed at `at`, and kept (a failure to keep is logged: the answer stands). */
export function computeAndKeep(key: TSnapshotKey, at: Date, by: "reader" | "job") {
  const id = `${key.workspaceId}:${key.period}:${key.basis}`;
  let running = computing.get(id);
  if (!running) {
    running = (async () => {
      const t0 = performance.now();
      const epoch = await epochOf(key.workspaceId);
      const pick = { period: key.period, basis: key.basis, kind: "all" as const, limit: CHANGES_MAX_LIMIT };
      const found = await computeChanges(key.workspaceId, pick, at);
      const computed = { found, at, tookMs: performance.now() - t0, epoch };
      await keepSnapshot(key, computed, by).catch((error: unknown) =>
        console.error("[changes] instantané non conservé", error),
      );
      return computed;
    })().finally(() => computing.delete(id));
    computing.set(id, running);
  }
  return running;
}

/**
 * The changes a reader sees (the route, the Vue marché page): a large catalogue's from its snapshot when it is
 * fresh, else computed now for every kind and kept; a small one's computed now for what was asked.
 */
export async function readChanges(workspaceId: string, query: TChangesQuery, now: Date = new Date()) {
  const key: TSnapshotKey = { workspaceId, period: query.period, basis: query.basis ?? "price" };
  const db = await getDb();
  const snapshot = await readSnapshot(db, key, query.kind, query.limit);
  if (snapshot?.id != null && snapshot.computed_at && snapshot.since && snapshot.counts) {
    const computedAt = asDate(snapshot.computed_at);
    const age = now.getTime() - computedAt.getTime();
    if (age <= FRESH_MS && age >= -SKEW_MS) {
      if (snapshot.viewed_at && now.getTime() - asDate(snapshot.viewed_at).getTime() >= VIEWED_STEP_MS) {
        // never waits on a keeper holding the row
        await db.execute(sql`update change_snapshots set viewed_at = ${iso(now)}::timestamptz
                              where id in (select id from change_snapshots where id = ${snapshot.id}
                                              and viewed_at < ${iso(now)}::timestamptz for update skip locked)`);
      }
      const found = { since: asDate(snapshot.since), counts: snapshot.counts, lines: snapshot.lines ?? [] };
      return changesAnswer(query, { ...found, asOf: computedAt });
    }
  } else {
    // not known as large: what was asked, and every kind only if it turns out large
    const found = await computeChanges(workspaceId, { ...key, kind: query.kind, limit: query.limit }, now);
    if (found.listedUrls < SNAPSHOT_FROM_URLS) return changesAnswer(query, { ...found, asOf: null });
  }
  const { found, at } = await computeAndKeep(key, now, "reader");
  const lines = query.kind === "all" ? found.lines : found.lines.filter((c) => c.kind === query.kind);
  return changesAnswer(query, { ...found, lines, asOf: found.listedUrls >= SNAPSHOT_FROM_URLS ? at : null });
}
