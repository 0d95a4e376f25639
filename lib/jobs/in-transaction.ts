import { getDb, type Db, type DbLike, type DbTx } from "@/db";

type TCallback = () => Promise<void>;

const waiting = new WeakMap<object, TCallback[]>();

/**
 * A transaction whose `afterCommit` callbacks run once it has committed (in order, each failure logged);
 * dropped when it rolls back. Jobs triggered inside it thus never see rows that are not visible yet.
 */
export async function inTransaction<T>(fn: (tx: DbTx) => Promise<T>, options: { db?: Db } = {}): Promise<T> {
  const db = options.db ?? (await getDb());
  const callbacks: TCallback[] = [];
  const result = await db.transaction(async (tx) => {
    waiting.set(tx, callbacks);
    return fn(tx);
  });
  for (const callback of callbacks) {
    await callback().catch((error: unknown) => console.error("[jobs] action après validation en échec", error));
  }
  return result;
}

/** Runs `fn` once `conn`'s transaction commits (at once when `conn` is no transaction). */
export async function afterCommit(conn: DbLike, fn: TCallback): Promise<void> {
  const callbacks = waiting.get(conn);
  if (callbacks) {
    callbacks.push(fn);
    return;
  }
  // a transaction opened elsewhere (db.transaction, a savepoint) would run `fn` before its commit
  if ("rollback" in conn) throw new Error("afterCommit : transaction ouverte sans inTransaction");
  await fn().catch((error: unknown) => console.error("[jobs] action en échec", error));
}
