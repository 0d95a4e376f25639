import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb, queryRows } from "@/db";
import { claimRunnable } from "@/lib/jobs/claim-tasks";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { repairHostQueue } from "@/lib/jobs/repair-host-queue";
import { JOBS } from "@/lib/workers/registry";
import { cancelTask } from "@/lib/queue/cancel-task";
import { requestUrlScrape } from "@/lib/queue/request-url-scrape";
import { signUp } from "../helpers/api";
import { drift, insertTasks, type THostRow } from "../helpers/host-queue";

// host_politeness keeps each host's waiting tasks (migration 0037's trigger on scrape_tasks): their number, a
// bound of the best one's claim rank and run_at, and of their earliest run_at. A claim walks the ready hosts in
// that order, so the bounds must never rise above a waiting task, and the count must stay exact, whatever moves
// the tasks.

describe("host_politeness: each host's waiting tasks, kept by scrape_tasks' trigger", () => {
  it("stays right through insert, claim, finish, retry, cancel, a click that brings a retry forward, delete", async () => {
    const db = await getDb();
    const { workspaceId } = await signUp();
    const tag = randomUUID().slice(0, 8);
    const [a, b, c] = ["a", "b", "c"].map((x) => `queue-${x}-${tag}.example`) as [string, string, string];
    const hosts = [a, b, c];

    const onA = await insertTasks(db, workspaceId, a, [{ secondsAgo: 60 }, { secondsAgo: 600 }, { secondsAgo: -3600 }]);
    await insertTasks(db, workspaceId, b, [
      { priority: "low", secondsAgo: 900 },
      { priority: "high", secondsAgo: -60 },
    ]);
    expect(await drift(db, hosts)).toEqual([]);
    const [rowA] = await queryRows<THostRow>(db, sql`select * from host_politeness where host = ${a}`);
    expect(Number(rowA!.waiting)).toBe(3);

    // through enqueueScrape, with a tracked URL (the sweep's and the API's way in)
    await db.execute(sql`insert into products (workspace_id, name) values (${workspaceId}, 'File')`);
    const [url] = await queryRows<{ id: string; product_id: string }>(
      db,
      sql`insert into product_urls (workspace_id, product_id, name, url)
        select workspace_id, id, 'Source', ${`https://${c}/tracked`} from products where workspace_id = ${workspaceId}
        returning id, product_id`,
    );
    const queued = await enqueueScrape({
      workspaceId,
      urlId: url!.id,
      productId: url!.product_id,
      url: `https://${c}/tracked`,
      trigger: "manual",
      priority: "low",
    });
    expect(await drift(db, hosts)).toEqual([]);

    // a claim: the best due task first (a's oldest: b's high one is not due yet, its low one ranks after)
    const claimed = await claimRunnable(`queue-${tag}`, { limit: 1, hostSpacingMs: 0, perUserLimit: 100 });
    expect(claimed.tasks.map((t) => t.id)).toEqual([onA[1]!.id]);
    expect(await drift(db, hosts)).toEqual([]);

    // a finish moves no waiting task; a failure back to retry, due later, does
    await db.execute(sql`update scrape_tasks set status = 'completed', finished_at = now() where id = ${onA[1]!.id}`);
    expect(await drift(db, hosts)).toEqual([]);
    const again = await claimRunnable(`queue-${tag}`, { limit: 1, hostSpacingMs: 0, perUserLimit: 100 });
    expect(again.tasks.map((t) => t.id)).toEqual([onA[0]!.id]);
    await db.execute(sql`update scrape_tasks set status = 'retry', run_at = now() + interval '10 minutes'
      where id = ${onA[0]!.id}`);
    expect(await drift(db, hosts)).toEqual([]);

    // cancelled by the user; then a click on the tracked URL brings its waiting task forward
    await cancelTask(workspaceId, onA[2]!.id);
    expect(await drift(db, hosts)).toEqual([]);
    await db.execute(sql`update scrape_tasks set status = 'retry', run_at = now() + interval '1 hour'
      where id = ${queued!.id}`);
    expect(await drift(db, hosts)).toEqual([]);
    await requestUrlScrape(workspaceId, url!.id);
    expect(await drift(db, hosts)).toEqual([]);
    const [bumped] = await queryRows<THostRow>(db, sql`select * from host_politeness where host = ${c}`);
    expect(new Date(bumped!.due_at!).getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // deleted one by one, then with the workspace (a cascade): nothing waits, the bounds are gone
    await db.execute(sql`delete from scrape_tasks where host = ${b} and priority = 'high'`);
    expect(await drift(db, hosts)).toEqual([]);
    await db.execute(sql`delete from workspaces where id = ${workspaceId}`);
    expect(await drift(db, hosts)).toEqual([]);
    const after = await queryRows<THostRow>(
      db,
      sql`select * from host_politeness where host in (${a}, ${b}, ${c}) and (waiting <> 0 or next_rank is not null)`,
    );
    expect(after).toEqual([]);
  });

  it("a claim takes the best due task over every host, past the first hosts it reads", async () => {
    const db = await getDb();
    const { workspaceId } = await signUp();
    const tag = randomUUID().slice(0, 8);
    // 30 hosts of old normal tasks, one host further on whose only due task is high, one whose high task is not due
    const hosts = Array.from({ length: 30 }, (_, i) => `queue-${String(i).padStart(2, "0")}-${tag}.example`);
    for (const [i, host] of hosts.entries()) await insertTasks(db, workspaceId, host, [{ secondsAgo: 3600 - i }]);
    const late = `queue-zz-${tag}.example`;
    const [urgent] = await insertTasks(db, workspaceId, late, [{ priority: "high", secondsAgo: 1 }]);
    const future = `queue-future-${tag}.example`;
    await insertTasks(db, workspaceId, future, [{ priority: "high", secondsAgo: -600 }]);
    // read first (their bound is a high task), though their one due task is a recent normal one
    const decoys = Array.from({ length: 10 }, (_, i) => `queue-decoy-${i}-${tag}.example`);
    for (const host of decoys) {
      await insertTasks(db, workspaceId, host, [{ priority: "high", secondsAgo: -600 }, { secondsAgo: 10 }]);
    }
    expect(await drift(db, [...hosts, late, future, ...decoys])).toEqual([]);

    const first = await claimRunnable(`order-${tag}`, { limit: 1, hostSpacingMs: 0, perUserLimit: 100 });
    expect(first.tasks.map((t) => t.host)).toEqual([late]);
    expect(first.tasks[0]!.id).toBe(urgent!.id);
    // then the oldest normal ones, on as many hosts as asked, from past the decoys
    const next = await claimRunnable(`order-${tag}`, { limit: 3, hostSpacingMs: 0, perUserLimit: 100 });
    expect(next.tasks.map((t) => t.host).sort()).toEqual(hosts.slice(0, 3));
    // a host in its spacing is passed over; its task comes once the spacing has run
    await db.execute(
      sql`update host_politeness set next_start_at = now() + interval '1 hour' where host = ${hosts[3]}`,
    );
    const spaced = await claimRunnable(`order-${tag}`, { limit: 1, hostSpacingMs: 0, perUserLimit: 100 });
    expect(spaced.tasks.map((t) => t.host)).toEqual([hosts[4]]);
    expect(await drift(db, [...hosts, late, future, ...decoys])).toEqual([]);
  });

  it("the repair job recounts each host's queue: drift introduced by hand is repaired once, and logged", async () => {
    const db = await getDb();
    const { workspaceId } = await signUp();
    const tag = randomUUID().slice(0, 8);
    const [a, b, c, d] = ["a", "b", "c", "d"].map((x) => `repair-${x}-${tag}.example`) as [
      string,
      string,
      string,
      string,
    ];
    await insertTasks(db, workspaceId, a, [{ secondsAgo: 60 }, { priority: "high", secondsAgo: -600 }]);
    await insertTasks(db, workspaceId, b, [{ priority: "low", secondsAgo: 30 }]);
    await insertTasks(db, workspaceId, c, [{ secondsAgo: 5 }]);
    // other files' hosts may be repaired too (the database is shared): only these are looked at
    const mine = async () => (await repairHostQueue({ db })).filter((r) => r.host.includes(tag));
    expect(await mine()).toEqual([]);
    // a count off, bounds above a waiting task (the host would be passed over), a row lost, a host with none waiting
    await db.execute(sql`update host_politeness set waiting = waiting + 5, next_rank = 2,
      next_run_at = now() + interval '1 hour', due_at = null where host = ${a}`);
    await db.execute(sql`update host_politeness set due_at = now() + interval '1 day' where host = ${b}`);
    await db.execute(sql`delete from host_politeness where host = ${c}`);
    await db.execute(sql`insert into host_politeness (host, waiting, next_rank, next_run_at, due_at)
      values (${d}, 3, 1, now(), now())`);
    expect((await drift(db, [a, b, c, d])).length).toBe(4);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const repaired = await mine();
    const logged = warn.mock.calls.map((call) => call.map(String).join(" ")).filter((line) => line.includes(tag));
    warn.mockRestore();
    expect(repaired.map((r) => r.host).sort()).toEqual([a, b, c, d].sort());
    expect(repaired.find((r) => r.host === a)).toMatchObject({
      kept: { waiting: 7, next_rank: 2 },
      actual: { waiting: 2, next_rank: 0 },
    });
    expect(logged).toHaveLength(4);
    expect(logged[0]).toContain("file d'attente");
    expect(await drift(db, [a, b, c, d])).toEqual([]);
    expect(await mine()).toEqual([]);
    // the job runs it every minute
    expect(JOBS.repairHostQueue.trigger).toEqual({ everyMinute: true });
  });
});
