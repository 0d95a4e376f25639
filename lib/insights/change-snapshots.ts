import { sql } from "drizzle-orm";
import { type DbLike, getDb, queryRows } from "@/db";
import { changesAnswer, computeChanges, type TChange } from "./get-changes";
import { CHANGE_KINDS, type TBasis, type TChangeKind, type TChangePeriod, type TChangesQuery } from "./schemas";

/**
 * A large catalogue's changes are computed once a minute, not per request: their work grows with what moved in
 * the period (at 20,000 products over a week, ~38,000 URLs read and ~9,000 changes classified: 0.3-0.5 s), so a
 * workspace whose computation read at least SNAPSHOT_FROM_URLS URLs keeps it in change_snapshots — every count,
 * and each kind's first KEPT_LINES lines (the largest page the API serves) — and its readers page through that.
 * An answer from it says when it was computed (`as_of`), at most FRESH_MS ago; the refresh job computes again,
 * every minute, those read within READ_LATELY_MS and older than REFRESH_AFTER_MS. A smaller catalogue's changes
 * are computed per request, exact to the instant. Deleting a URL or correcting a reading drops the workspace's
 * snapshots (migration 0045): the next read computes.
 */
export const SNAPSHOT_FROM_URLS = 2_000;
const KEPT_LINES = 500;
const FRESH_MS = 120_000;
const REFRESH_AFTER_MS = 40_000;
const READ_LATELY_MS = 10 * 60_000;
/** viewed_at is written at most this often per snapshot (a read is not a write). */
const VIEWED_STEP_MS = 30_000;

type TKey = { workspaceId: string; period: TChangePeriod; basis: TBasis };
type TFound = Awaited<ReturnType<typeof computeChanges>>;
type TSnapshotRow = {
  id: number;
  computed_at: Date | string;
  viewed_at: Date | string;
  since: Date | string;
  counts: Record<TChangeKind, number>;
  lines: TChange[] | null;
};

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** The snapshot of a key, if any, with the first `limit` lines of `kind` (its primary key's order). */
async function readSnapshot(db: DbLike, key: TKey, kind: "all" | TChangeKind, limit: number) {
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
 * Keeps a computation as the key's snapshot (unless a later one is kept already), or drops the key's snapshot when
 * the catalogue has become small enough to compute per request.
 */
async function keepSnapshot(key: TKey, found: TFound, now: Date, tookMs: number, existed: boolean) {
  const db = await getDb();
  if (found.listedUrls < SNAPSHOT_FROM_URLS) {
    if (existed) {
      await db.execute(sql`delete from change_snapshots
                            where workspace_id = ${key.workspaceId} and period = ${key.period} and basis = ${key.basis}`);
    }
    return;
  }
  const lines = found.lines.map((line, i) => ({ k: CHANGE_KINDS.indexOf(line.kind), p: i, l: line }));
  await db.transaction(async (tx) => {
    // the row locked first: two instances keeping the same key take turns, and the later computation stays
    const [kept] = await queryRows<{ id: number }>(
      tx,
      sql`insert into change_snapshots (workspace_id, period, basis, computed_at, since, counts, viewed_at, took_ms)
          values (${key.workspaceId}, ${key.period}, ${key.basis}, ${now.toISOString()}::timestamptz,
                  ${found.since.toISOString()}::timestamptz, ${JSON.stringify(found.counts)}::jsonb,
                  ${now.toISOString()}::timestamptz, ${Math.round(tookMs)})
          on conflict (workspace_id, period, basis) do update
            set computed_at = excluded.computed_at, since = excluded.since, counts = excluded.counts,
                took_ms = excluded.took_ms, viewed_at = greatest(change_snapshots.viewed_at, excluded.viewed_at)
          where change_snapshots.computed_at < excluded.computed_at
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

/** One computation per key at a time in this process: concurrent readers of a stale key share it. */
const computing = new Map<string, Promise<{ found: TFound; at: Date }>>();

function computeAndKeep(key: TKey, now: Date, existed: boolean) {
  const id = `${key.workspaceId}:${key.period}:${key.basis}`;
  let running = computing.get(id);
  if (!running) {
    running = (async () => {
      const t0 = performance.now();
      const pick = { period: key.period, basis: key.basis, kind: "all" as const, limit: KEPT_LINES };
      const found = await computeChanges(key.workspaceId, pick, now);
      await keepSnapshot(key, found, now, performance.now() - t0, existed);
      return { found, at: now };
    })().finally(() => computing.delete(id));
    computing.set(id, running);
  }
  return running;
}

/**
 * The changes a reader sees (routes, the Vue marché page): a large catalogue's from its snapshot when it is fresh
 * (`as_of` says when it was computed), else computed now — and kept when the catalogue is large.
 */
export async function readChanges(workspaceId: string, query: TChangesQuery, now: Date = new Date()) {
  const key: TKey = { workspaceId, period: query.period, basis: query.basis ?? "price" };
  const db = await getDb();
  const snapshot = await readSnapshot(db, key, query.kind, query.limit);
  const computedAt = snapshot ? asDate(snapshot.computed_at) : null;
  const age = computedAt ? now.getTime() - computedAt.getTime() : Number.POSITIVE_INFINITY;
  // another instance's clock may run a little ahead
  if (snapshot && age <= FRESH_MS && age >= -5_000) {
    if (now.getTime() - asDate(snapshot.viewed_at).getTime() >= VIEWED_STEP_MS) {
      await db.execute(sql`update change_snapshots set viewed_at = ${now.toISOString()}::timestamptz
                            where id = ${snapshot.id} and viewed_at < ${now.toISOString()}::timestamptz`);
    }
    const since = asDate(snapshot.since);
    return changesAnswer(query, { since, counts: snapshot.counts, lines: snapshot.lines ?? [], asOf: computedAt });
  }
  const { found, at } = await computeAndKeep(key, now, Boolean(snapshot));
  const lines = query.kind === "all" ? found.lines : found.lines.filter((c) => c.kind === query.kind);
  const asOf = found.listedUrls >= SNAPSHOT_FROM_URLS ? at : null;
  return changesAnswer(query, { since: found.since, counts: found.counts, lines, asOf });
}

/**
 * The refresh job's work: the snapshots read within READ_LATELY_MS and computed more than REFRESH_AFTER_MS ago are
 * computed again (the oldest first, `max` at most); those not read for an hour are dropped.
 */
export async function refreshChangeSnapshots(now: Date = new Date(), max = 20) {
  const db = await getDb();
  await db.execute(
    sql`delete from change_snapshots where viewed_at < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`,
  );
  const due = await queryRows<{ workspace_id: string; period: TChangePeriod; basis: TBasis }>(
    db,
    sql`select workspace_id, period, basis from change_snapshots
         where viewed_at >= ${new Date(now.getTime() - READ_LATELY_MS).toISOString()}::timestamptz
           and computed_at < ${new Date(now.getTime() - REFRESH_AFTER_MS).toISOString()}::timestamptz
         order by computed_at limit ${max}`,
  );
  for (const d of due)
    await computeAndKeep({ workspaceId: d.workspace_id, period: d.period, basis: d.basis }, now, true);
  return { refreshed: due.length };
}
