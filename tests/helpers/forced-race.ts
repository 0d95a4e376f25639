import { randomInt } from "node:crypto";
import postgres from "postgres";

// Forced races on PostgreSQL (`*.pg.test.ts`): the test decides where the first contender stops, and fails when
// the race it claims to exercise did not happen. PGlite has one connection: no two transactions ever overlap.

export type TSettled<T> = { value: T; error: null } | { value: null; error: unknown };

export const settle = <T>(p: Promise<T>): Promise<TSettled<T>> =>
  p.then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );

export type THold = {
  /** Where the first contender stops: right after its transaction writes a row of `table` matching `when`. */
  table: string;
  /** A trigger's WHEN condition on `new` (SQL), e.g. `new.workspace_id = '…'`. */
  when: string;
};

export type TRace<A, B> = THold & {
  first: () => Promise<A>;
  second: () => Promise<B>;
  /**
   * "wait": `second` must wait on a lock `first` holds (a lock or a unique index serialises them);
   * "pass": `second` must end while `first` is held, never waiting on it (SKIP LOCKED splits the work).
   */
  secondMust: "wait" | "pass";
};

/**
 * Runs `first` until its transaction writes the row `hold` names: a trigger the test adds there waits on an
 * advisory lock the test keeps, so `first` stops in the middle of its transaction, every lock it took so far
 * held. Then starts `second` and checks what the race says it does (`secondMust`), and lets `first` go on. Throws
 * when `first` never reaches the write, or when `second` did not behave so: the race was not exercised.
 */
export async function forcedRace<A, B>(race: TRace<A, B>): Promise<readonly [TSettled<A>, TSettled<B>]> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("forcedRace : PostgreSQL seulement");
  const key = randomInt(1, 2 ** 31 - 1);
  const name = `race_hold_${key}`;
  const test = postgres(url, { max: 2, onnotice: () => {} });
  const held = await test.reserve();
  try {
    await held`select pg_advisory_lock(${key})`;
    const [{ pid }] = (await held`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
    // the first transaction to write such a row takes the second key (held to its end) and waits on the test's;
    // any other goes by
    await test.unsafe(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if pg_try_advisory_xact_lock(${key}, 1) then perform pg_advisory_xact_lock_shared(${key}); end if;
        return null;
      end $$`);
    await test.unsafe(`create trigger ${name} after insert or update on ${race.table}
      for each row when (${race.when}) execute function ${name}()`);
    const a = settle(race.first());
    const firstPids = await waitersOn(test, [pid], a, "le premier n'a jamais atteint l'écriture où le test l'arrête");
    const b = settle(race.second());
    if (race.secondMust === "wait") {
      await waitersOn(test, firstPids, b, "le second n'a jamais attendu un verrou du premier");
    } else {
      let ended = false;
      void b.then(() => {
        ended = true;
      });
      while (!ended) {
        if ((await waitingOn(test, firstPids)).length > 0) throw new Error("le second a attendu un verrou du premier");
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    await held`select pg_advisory_unlock(${key})`;
    return [await a, await b] as const;
  } finally {
    // a failed race still lets its contenders go on (the session's lock ends with it) before the trigger goes
    await held`select pg_advisory_unlock_all()`.catch(() => {});
    held.release();
    await test.unsafe(`drop trigger if exists ${name} on ${race.table}`);
    await test.unsafe(`drop function if exists ${name}()`);
    await test.end({ timeout: 0 });
  }
}

/**
 * The sessions waiting on a lock held by one of `blockers`, once there is one (other test files' sessions never
 * count: they cannot wait on ours). Throws `failure` when `contender` ends first, or after 30 s.
 */
export async function waitersOn(db: postgres.Sql, blockers: number[], contender: Promise<unknown>, failure: string) {
  let ended = false;
  void contender.then(() => {
    ended = true;
  });
  for (let i = 0; i < 1500 && !ended; i++) {
    const pids = await waitingOn(db, blockers);
    if (pids.length > 0) return pids;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(failure);
}

/** The sessions waiting now on a lock held by one of `blockers`. */
async function waitingOn(db: postgres.Sql, blockers: number[]): Promise<number[]> {
  const rows = await db`
    select pid from pg_stat_activity where wait_event_type = 'Lock' and pg_blocking_pids(pid) && ${blockers}::int[]`;
  return rows.map((r) => Number(r.pid));
}
