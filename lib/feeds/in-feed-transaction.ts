import { type DbTx, getDb } from "@/db";

/** A transaction of the feeds' own writes (none triggers a job: the callers of queueFeedRun do, after it). */
export async function inTransaction<T>(fn: (tx: DbTx) => Promise<T>): Promise<T> {
  return (await getDb()).transaction(fn);
}
