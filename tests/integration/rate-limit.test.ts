import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { AppError } from "@/lib/errors/app-error";
import { errorBody } from "@/lib/http/error-table";
import { purgeRateLimits, rateLimit } from "@/lib/core/rate-limit";

async function refused(p: Promise<void>) {
  try {
    await p;
    return null;
  } catch (error) {
    if (error instanceof AppError) return { status: errorBody(error).status, extra: error.extra };
    throw error;
  }
}

describe("rateLimit (shared by every app process through the database)", () => {
  it("allows the limit, refuses the next one with a 429 and Retry-After, and opens again after the window", async () => {
    for (let i = 0; i < 3; i++) expect(await refused(rateLimit("k", 3, 60_000))).toBeNull();
    const error = await refused(rateLimit("k", 3, 60_000));
    expect(error?.status).toBe(429);
    expect(error?.extra?.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(error?.extra?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await refused(rateLimit("other", 3, 60_000))).toBeNull();
    const db = await getDb();
    await db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = 'k'`);
    expect(await refused(rateLimit("k", 3, 60_000))).toBeNull();
  });

  it("lets exactly the limit through when requests arrive together", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => refused(rateLimit("burst", 5, 60_000))));
    expect(results.filter((r) => r === null)).toHaveLength(5);
    expect(results.filter((r) => r?.status === 429)).toHaveLength(15);
  });

  it("forgets finished windows in the daily maintenance", async () => {
    await rateLimit("old", 3, 1);
    await new Promise((r) => setTimeout(r, 20));
    await rateLimit("fresh", 3, 60_000);
    expect(await purgeRateLimits()).toBeGreaterThanOrEqual(1);
    const db = await getDb();
    const list = (await queryRows<{ key: string }>(db, sql`select key from rate_limits`)).map((r) => r.key);
    expect(list).toContain("fresh");
    expect(list).not.toContain("old");
  });
});
