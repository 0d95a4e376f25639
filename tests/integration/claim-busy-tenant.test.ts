import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { onQuery } from "@/db/query-log";
import { scrapeTasks } from "@/db/schema";
import { claimRunnable, PER_USER_LIMIT } from "@/lib/jobs/claim-tasks";
import { signUp } from "../helpers/api";

// A tenant at its limit with a big backlog on one shop, ahead of everyone else's tasks there: the claim still
// starts the other tenants' tasks on that shop, and reads a bounded part of the backlog (EXPLAIN ANALYZE of the
// claim's reads: rows read from scrape_tasks, counted over every loop), not all of it.

type TPlanNode = {
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: TPlanNode[];
};

const BACKLOG = 400;

function rowsRead(node: TPlanNode): number {
  const own =
    node["Relation Name"] === "scrape_tasks"
      ? ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0)) * (node["Actual Loops"] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
}

function bind(query: string, params: unknown[]) {
  const parts = query.split(/\$(\d+)\b/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)),
    sql``,
  );
}

describe("claim behind a tenant at its limit", () => {
  it("claims another tenant's task on the shop without reading the big tenant's whole backlog", async () => {
    const db = await getDb();
    const [big, small] = [await signUp(), await signUp()];
    const host = `backlog-${randomUUID().slice(0, 8)}.example`;
    const at = (seconds: number) => sql`now() - make_interval(secs => ${seconds}::float8)`;
    await db.execute(sql`insert into scrape_tasks (workspace_id, url, host, status, started_at, lease_until)
      select ${big.workspaceId}::uuid, 'https://running.example/' || g, 'running.example', 'processing', now(),
        now() + interval '1 hour'
      from generate_series(1, ${PER_USER_LIMIT}) g`);
    await db.execute(sql`insert into scrape_tasks (workspace_id, url, host, run_at, created_at)
      select ${big.workspaceId}::uuid, 'https://' || ${host} || '/p/' || g, ${host}, ${at(7200)} + make_interval(secs => g),
        ${at(7200)}
      from generate_series(1, ${BACKLOG}) g`);
    const [theirs] = await db
      .insert(scrapeTasks)
      .values({
        workspaceId: small.workspaceId,
        url: `https://${host}/mine`,
        host,
        runAt: new Date(Date.now() - 60_000),
      })
      .returning();

    // the statistics autovacuum keeps on a server (with none, a planner may sort a whole host's range)
    await db.execute(sql`analyze scrape_tasks`);
    const statements: { query: string; params: unknown[] }[] = [];
    const stop = onQuery((query, params) => {
      if (/^\s*(with|select)\b/i.test(query)) statements.push({ query, params });
    });
    const claimed = await claimRunnable("busy-tenant", { hostSpacingMs: 0 }).finally(stop);
    expect(claimed.tasks.map((t) => t.id)).toEqual([theirs!.id]);

    // the same reads as the claim saw them
    await db
      .update(scrapeTasks)
      .set({ status: "pending", lockedBy: null, startedAt: null, leaseUntil: null })
      .where(eq(scrapeTasks.id, theirs!.id));
    expect(statements.length).toBeGreaterThan(0);
    let read = 0;
    for (const { query, params } of statements) {
      // the few rows of a test database make a sequential scan cheaper than any index: as at size, none
      const json = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
          tx,
          sql`explain (analyze, format json) ${bind(query, params)}`,
        );
        return row!["QUERY PLAN"];
      });
      const plan = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: TPlanNode }[];
      if (process.env.PLAN_DEBUG) console.log(JSON.stringify(plan[0]!.Plan, null, 1));
      read += rowsRead(plan[0]!.Plan);
    }
    expect(read).toBeLessThan(BACKLOG / 2);
  });
});
