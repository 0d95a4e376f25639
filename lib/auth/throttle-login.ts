import { sql } from "drizzle-orm";
import { type Db, getDb, queryRows } from "@/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { countHit, rateLimit } from "@/lib/core/rate-limit";

const IP_LIMIT = 100;
const IP_WINDOW_MS = 15 * 60_000;
const PAIR_WINDOW_MS = 60 * 60_000;
// attempts of one address on one account before each try must wait
const FREE_ATTEMPTS = 5;
const MAX_WAIT_S = 300;
// failures on one account from every address in an hour before its tries are spaced out (many addresses, one victim)
const ACCOUNT_FREE_FAILURES = 30;
const ACCOUNT_WINDOW_MS = 60 * 60_000;
const ACCOUNT_SPACING_S = 2;

const pairWaitSeconds = (attempt: number) =>
  attempt <= FREE_ATTEMPTS ? 0 : Math.min(MAX_WAIT_S, 2 ** (attempt - FREE_ATTEMPTS - 1));

/**
 * Runs a login attempt with throttling per (address, account) pair: past a few failures each try waits
 * progressively longer (bounded), so a stranger is slowed without locking the owner out from elsewhere. A
 * success clears the pair. One address is also limited in failures across accounts. Concurrent tries on a slowed pair
 * compete for one slot: only one runs. An account failing from many addresses at once gets its tries spaced out
 * (one every ACCOUNT_SPACING_S seconds, whatever the address); a try turned away still counts for its address,
 * so a flood soon waits per address and the owner is slowed rather than shut out. A try from a known device of
 * the account (`device`: its signed cookie, see known-device.ts) is counted per device instead of per address and
 * is exempt from the account's spacing, so a distributed flood cannot keep the owner out.
 */
export async function throttleLogin<T>(
  ip: string | null,
  email: string,
  attempt: () => Promise<T>,
  device: string | null = null,
): Promise<T> {
  if (env.RATE_LIMIT_DISABLED) return attempt();
  const address = device ? `device:${device}` : (ip ?? "unknown");
  const ipKey = `login:ip:${ip}`;
  const countKey = `login:pair:${address}:${email}`;
  const waitKey = `login:wait:${address}:${email}`;
  const accountKey = `login:account:${email}`;
  const db = await getDb();
  const [waiting] = await queryRows<{ retry_ms: number | string }>(
    db,
    sql`select extract(epoch from (reset_at - now())) * 1000 as retry_ms from rate_limits
        where reset_at > now() and (key = ${waitKey} or (key = ${ipKey} and count >= ${IP_LIMIT}))
        order by reset_at desc limit 1`,
  );
  if (waiting)
    throw new AppError("rate_limited", {
      extra: { retryAfterSeconds: Math.max(1, Math.ceil(Number(waiting.retry_ms) / 1000)) },
    });
  const counted = await countHit(db, countKey, PAIR_WINDOW_MS);
  const wait = pairWaitSeconds(Number(counted?.count ?? 1));
  if (wait > 0 && !(await takeSlot(db, waitKey, wait)))
    throw new AppError("rate_limited", { extra: { retryAfterSeconds: 1 } });
  // after the pair's count: a try turned away here still counts for its address, so a flood from a few
  // addresses soon waits per address and leaves the account's slots to the owner
  const [besieged] = await queryRows<{ key: string }>(
    db,
    sql`select key from rate_limits where key = ${accountKey} and reset_at > now() and count >= ${ACCOUNT_FREE_FAILURES}`,
  );
  if (besieged && !device && !(await takeSlot(db, `login:account-wait:${email}`, ACCOUNT_SPACING_S))) {
    throw new AppError("login_spacing", { extra: { retryAfterSeconds: ACCOUNT_SPACING_S } });
  }
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    // only failures count against the address (the owner's own sign-ins never lock a shared address out)
    if (error instanceof AppError && error.code === "invalid_credentials") {
      if (ip) await rateLimit(ipKey, Number.MAX_SAFE_INTEGER, IP_WINDOW_MS, { db });
      await rateLimit(accountKey, Number.MAX_SAFE_INTEGER, ACCOUNT_WINDOW_MS, { db });
    }
    throw error;
  }
  await db.execute(sql`delete from rate_limits where key in (${countKey}, ${waitKey})`);
  return result;
}

/** Takes the one slot of `key` for `seconds` unless it is still held: true when taken. */
async function takeSlot(db: Db, key: string, seconds: number) {
  const slot = await queryRows<{ key: string }>(
    db,
    sql`insert into rate_limits as r (key, count, reset_at)
        values (${key}, 1, now() + ${seconds} * interval '1 second')
        on conflict (key) do update set count = r.count + 1, reset_at = excluded.reset_at
        where r.reset_at <= now()
        returning r.key`,
  );
  return slot.length > 0;
}
