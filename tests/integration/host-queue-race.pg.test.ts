// host_politeness' waiting tasks (migration 0037's trigger) under concurrent writers on PostgreSQL: a bound
// recomputed when a host's best task leaves must include a better task that another transaction was inserting
// at that moment, or the host's tasks would be read out of order — or never, with a bound left empty while tasks
// wait. PostgreSQL only (`.pg.test.ts`): PGlite has one connection.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { claimRunnable } from "@/lib/jobs/claim-tasks";
import { signUp } from "../helpers/api";
import { gate } from "../helpers/gate";
import { drift, insertTasks } from "../helpers/host-queue";

if (!process.env.DATABASE_URL) throw new Error("host-queue-race.pg.test.ts : PostgreSQL seulement");

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("condition jamais remplie");
}

describe("host_politeness under concurrent writers (PostgreSQL)", () => {
  it("a host's best task cancelled while another transaction inserts a better one: the bound has it", async () => {
    const db = await getDb();
    const { workspaceId } = await signUp();
    const host = `race-${randomUUID().slice(0, 8)}.example`;
    const [best] = await insertTasks(db, workspaceId, host, [{ secondsAgo: 600 }]);

    const inserted = gate();
    const commit = gate();
    const inserting = db.transaction(async (tx) => {
      await insertTasks(tx, workspaceId, host, [{ priority: "high", secondsAgo: 30 }]);
      inserted.open();
      await commit.opened;
    });
    await inserted.opened;
    // the cancel's trigger waits for the host's row, which the insert's trigger holds until its commit
    const cancelling = db
      .execute(sql`update scrape_tasks set status = 'cancelled' where id = ${best!.id}`)
      .then(() => undefined);
    await until(async () => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like 'update scrape_tasks%'`,
      );
      return Number(row!.n) > 0;
    });
    commit.open();
    await Promise.all([inserting, cancelling]);
    expect(await drift(db, [host])).toEqual([]);
    const claimed = await claimRunnable(`race-${host}`, { limit: 1, hostSpacingMs: 0, perUserLimit: 100 });
    expect(claimed.tasks.map((t) => t.host)).toEqual([host]);
  });

  it("inserts, claims, finishes, retries, cancels and deletes from four connections at once leave every row right", {
    timeout: 120_000,
  }, async () => {
    const db = await getDb();
    const { workspaceId } = await signUp();
    const tag = randomUUID().slice(0, 8);
    const hosts = Array.from({ length: 6 }, (_, i) => `mix-${i}-${tag}.example`);
    let seed = 26;
    const pick = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const worker = async (name: string) => {
      for (let step = 0; step < 40; step++) {
        const host = hosts[pick(hosts.length)]!;
        switch (pick(6)) {
          case 0:
          case 1:
            await insertTasks(db, workspaceId, host, [
              { priority: ["low", "normal", "high"][pick(3)], secondsAgo: pick(120) - 20 },
              { priority: "normal", secondsAgo: pick(600) },
            ]);
            break;
          case 2: {
            const { tasks } = await claimRunnable(name, { limit: 2, hostSpacingMs: 0, perUserLimit: 1000 });
            for (const t of tasks) {
              await db.execute(
                pick(2) === 0
                  ? sql`update scrape_tasks set status = 'completed', finished_at = now() where id = ${t.id}`
                  : sql`update scrape_tasks set status = 'retry', run_at = now() + make_interval(secs => ${pick(60)})
                      where id = ${t.id}`,
              );
            }
            break;
          }
          case 3:
            await db.execute(sql`update scrape_tasks set status = 'cancelled'
              where id = (select id from scrape_tasks where host = ${host} and status in ('pending', 'retry')
                order by run_at limit 1)`);
            break;
          case 4:
            await db.execute(sql`update scrape_tasks set run_at = now() - interval '1 hour', priority = 'high'
              where id = (select id from scrape_tasks where host = ${host} and status in ('pending', 'retry')
                order by run_at desc limit 1)`);
            break;
          default:
            await db.execute(sql`delete from scrape_tasks where host = ${host} and status in ('pending', 'retry')
              and run_at > now() - interval '5 minutes'`);
        }
      }
    };
    await Promise.all(["w1", "w2", "w3", "w4"].map(worker));
    expect(await drift(db, hosts)).toEqual([]);
    const [moved] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from scrape_tasks where host like ${`mix-%-${tag}.example`}`,
    );
    expect(Number(moved!.n)).toBeGreaterThan(0);
  });
});
