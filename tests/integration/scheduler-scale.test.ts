import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { claimTasks } from "@/lib/jobs/claim-tasks";
import { sweepDueUrls } from "@/lib/jobs/sweep-due-urls";
import type { TTaskRow } from "@/lib/jobs/claim-tasks";
import { signUp } from "../helpers/api";

// The scheduler's bookkeeping at size, without fetching (the runner's scrapes are runner.test.ts's and
// politeness.test.ts's): URLs seeded in SQL, tasks claimed and completed directly.
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
    const [sa, sb] = await Promise.all([
      sweepDueUrls({ batchSize: BATCH, workspaceId, onBatch }),
      sweepDueUrls({ batchSize: BATCH, workspaceId, onBatch }),
    ]);
    const queued = [...sa.tasks, ...sb.tasks];
    expect(queued).toHaveLength(URLS);
    expect(new Set(queued.map((t) => t.urlId)).size).toBe(URLS);
    expect(Math.max(...batches)).toBeLessThanOrEqual(BATCH);
    // every URL moved one period on: nothing due any more
    expect((await sweepDueUrls({ workspaceId })).tasks).toHaveLength(0);

    // two workers drain the queue concurrently: each task claimed exactly once
    const claimedBy = new Map<string, string[]>();
    const worker = async (name: string) => {
      for (;;) {
        const got = await claimTasks(name, { limit: 200, perUserLimit: 1_000_000, hostSpacingMs: 0 });
        if (got.length === 0) return;
        for (const t of got) claimedBy.set(t.id, [...(claimedBy.get(t.id) ?? []), name]);
        await db.execute(sql`update scrape_tasks set status = 'completed', finished_at = now()
          where id in (${sql.join(
            got.map((t) => sql`${t.id}::uuid`),
            sql`, `,
          )})`);
      }
    };
    await Promise.all([worker("a"), worker("b")]);
    const mine = queued.map((t) => claimedBy.get(t.id) ?? []);
    expect(mine.every((by) => by.length === 1)).toBe(true);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from scrape_tasks where workspace_id = ${workspaceId} and status <> 'completed'`,
    );
    expect(Number(left!.n)).toBe(0);
  });
});
