import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { setHostLimits } from "@/lib/fetching/host-politeness";
import { claimTasks } from "@/lib/jobs/claim-tasks";
import { sweepDueUrls } from "@/lib/jobs/sweep-due-urls";
import type { TTaskRow } from "@/lib/jobs/claim-tasks";
import { signUp } from "../helpers/api";
import { forcedRace } from "../helpers/forced-race";

// The scheduler's bookkeeping at size, without fetching (the runner's scrapes are runner.test.ts's and
// politeness.test.ts's): URLs seeded in SQL, tasks claimed and completed directly. Both races are forced
// (tests/helpers/forced-race.ts): the first sweep stops in its first batch, those URLs locked, and the second must
// sweep all the others meanwhile without waiting (FOR UPDATE SKIP LOCKED; without SKIP LOCKED it waits, without
// the lock it queues the held batch again or waits on it); the first claimer stops in its first claim, and the
// second's claim must wait on it (the host's row). PostgreSQL only (`.pg.test.ts`): PGlite has one connection.
if (!process.env.DATABASE_URL) throw new Error("scheduler-scale.pg.test.ts : PostgreSQL seulement");

const URLS = 1000;
const BATCH = 10;

describe("scheduler at scale: two app processes on one database", () => {
  it("two concurrent sweeps queue every due URL once in small batches; two claimers take each task once", {
    timeout: 300_000,
  }, async () => {
    const { workspaceId } = await signUp();
    const db = await getDb();
    await db.execute(sql`insert into products (workspace_id, name) values (${workspaceId}, 'Mille URLs')`);
    await db.execute(sql`
      insert into product_urls (workspace_id, product_id, name, url, next_check_at)
      select p.workspace_id, p.id, 'Source ' || g, 'http://127.0.0.1:9/product/' || g,
        now() - make_interval(secs => g % 600)
      from products p cross join generate_series(1, ${URLS}) g where p.workspace_id = ${workspaceId}`);

    // more URLs than BATCH × any fixed number of batches the old sweep allowed (40): a sweep goes on to the end
    const batches: number[] = [];
    const onBatch = async (tasks: TTaskRow[]) => void batches.push(tasks.length);
    const [ra, rb] = await forcedRace({
      table: "scrape_tasks",
      when: `new.workspace_id = '${workspaceId}'`,
      first: () => sweepDueUrls({ batchSize: BATCH, workspaceId, onBatch }),
      second: () => sweepDueUrls({ batchSize: BATCH, workspaceId, onBatch }),
      secondMust: "pass",
    });
    const [sa, sb] = [ra.value!, rb.value!];
    // the second swept everything but the batch the first held
    expect([sa.tasks.length, sb.tasks.length]).toEqual([BATCH, URLS - BATCH]);
    const queued = [...sa.tasks, ...sb.tasks];
    expect(queued).toHaveLength(URLS);
    expect(new Set(queued.map((t) => t.urlId)).size).toBe(URLS);
    expect(Math.max(...batches)).toBeLessThanOrEqual(BATCH);
    // every URL moved one period on: nothing due any more
    expect((await sweepDueUrls({ workspaceId })).tasks).toHaveLength(0);

    // two workers drain the queue concurrently: each task claimed exactly once. The host's row exists, as once it
    // has been claimed before: the two claims meet on its lock, not its insert
    await setHostLimits(db, "127.0.0.1", { maxConcurrent: null });
    const claimedBy = new Map<string, string[]>();
    const pending = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from scrape_tasks where workspace_id = ${workspaceId} and status = 'pending'`,
          )
        )[0]!.n,
      );
    const worker = async (name: string) => {
      for (;;) {
        const got = await claimTasks(name, { limit: 200, perUserLimit: 1_000_000, hostSpacingMs: 0 });
        // an empty claim whose candidates the other worker took meanwhile: read again
        if (got.length === 0) {
          if ((await pending()) === 0) return;
          continue;
        }
        for (const t of got) claimedBy.set(t.id, [...(claimedBy.get(t.id) ?? []), name]);
        await db.execute(sql`update scrape_tasks set status = 'completed', finished_at = now()
          where id in (${sql.join(
            got.map((t) => sql`${t.id}::uuid`),
            sql`, `,
          )})`);
      }
    };
    const [wa, wb] = await forcedRace({
      table: "scrape_tasks",
      when: `new.locked_by = 'a' and new.status = 'processing'`,
      first: () => worker("a"),
      second: () => worker("b"),
      secondMust: "wait",
    });
    expect([wa.error, wb.error]).toEqual([null, null]);
    const mine = queued.map((t) => claimedBy.get(t.id) ?? []);
    expect(mine.every((by) => by.length === 1)).toBe(true);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from scrape_tasks where workspace_id = ${workspaceId} and status <> 'completed'`,
    );
    expect(Number(left!.n)).toBe(0);
  });
});
