import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbLike } from "@/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

/**
 * Fixed-window counter per key, kept in the database so that every app process shares it. One atomic
 * upsert per call: concurrent requests can never pass the limit together. Throws a 429 AppError past it.
 */
export async function rateLimit(
  key: string,
  limit: number,
  windowMs: number,
  options: { db?: DbLike } = {},
): Promise<void> {
  if (env.RATE_LIMIT_DISABLED) return;
  const row = await countHit(options.db ?? (await getDb()), key, windowMs);
  if (row && row.count > limit) {
    throw new AppError("rate_limited", {
      extra: { retryAfterSeconds: Math.max(1, Math.ceil(Number(row.retry_ms) / 1000)) },
    });
  }
}

/** Counts one hit of `key` in its fixed window (a new window once the last one has ended), atomically. */
export async function countHit(db: DbLike, key: string, windowMs: number) {
  const [row] = await queryRows<{ count: number; retry_ms: number | string }>(
    db,
    sql`insert into rate_limits as r (key, count, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when r.reset_at <= now() then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning r.count, extract(epoch from (r.reset_at - now())) * 1000 as retry_ms`,
  );
  return row;
}

/** Forgets every counter (tests). */
export async function resetRateLimits(options: { db?: DbLike } = {}): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.execute(sql`delete from rate_limits`);
}

/** Drops the counters whose window is over (daily maintenance). */
export async function purgeRateLimits(options: { db?: DbLike } = {}): Promise<number> {
  const db = options.db ?? (await getDb());
  const rows = await queryRows<{ key: string }>(db, sql`delete from rate_limits where reset_at <= now() returning key`);
  return rows.length;
}
