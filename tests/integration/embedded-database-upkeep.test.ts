// The embedded database's upkeep (PGlite has no autovacuum daemon): tables changed past autovacuum's thresholds
// are analyzed, or vacuumed when dead rows pile up, and the planner then sees the catalogue's real size.
// Autovacuum is switched off on the table for the test, so that on PostgreSQL it does not do the work first.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { env } from "@/lib/env";
import { maintainEmbeddedDatabase } from "@/lib/workers/definitions/maintain-embedded-database";
import { JOBS } from "@/lib/workers/registry";
import { signUp } from "../helpers/api";

const PRODUCTS = "public.products";

beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`alter table products set (autovacuum_enabled = false)`);
  // a clean start: what earlier tests of this file left is counted and settled
  await maintainEmbeddedDatabase({ db });
});

afterEach(async () => {
  await (await getDb()).execute(sql`alter table products reset (autovacuum_enabled)`);
});

async function estimatedRows(workspaceId: string): Promise<number> {
  const [row] = await queryRows<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    await getDb(),
    sql`explain (format json) select * from products where workspace_id = ${workspaceId}`,
  );
  return row!["QUERY PLAN"][0].Plan["Plan Rows"];
}

describe("embedded database upkeep", () => {
  it("analyzes a table once its changes pass the threshold, and vacuums it once dead rows do", async () => {
    const db = await getDb();
    const { workspaceId } = await signUp();
    await db.execute(sql`
      insert into products (workspace_id, name)
      select ${workspaceId}, 'Produit ' || g from generate_series(1, 2000) g`);

    const first = await maintainEmbeddedDatabase({ db });
    expect(first.analyzed).toContain(PRODUCTS);
    expect(await estimatedRows(workspaceId)).toBeGreaterThan(1000);

    // nothing changed since: nothing to do on the table
    const again = await maintainEmbeddedDatabase({ db });
    expect([...again.analyzed, ...again.vacuumed]).not.toContain(PRODUCTS);

    // every row rewritten: 2,000 dead rows, over 50 + 20 % of the table
    await db.execute(sql`update products set description = 'revu' where workspace_id = ${workspaceId}`);
    const after = await maintainEmbeddedDatabase({ db });
    expect(after.vacuumed).toContain(PRODUCTS);
    await db.execute(sql`select pg_stat_force_next_flush()`);
    const [stats] = await queryRows<{ n_dead_tup: number | string }>(
      db,
      sql`select n_dead_tup from pg_stat_user_tables where relid = 'public.products'::regclass`,
    );
    expect(Number(stats!.n_dead_tup)).toBe(0);
  });

  it("runs as the minute job on the embedded database only (PostgreSQL has its autovacuum)", async () => {
    const io = {
      step: <T>(_name: string, fn: () => Promise<T>) => fn(),
      sleep: async () => {},
      fanOut: async () => {},
      runId: "test",
    };
    const result = await JOBS.maintainEmbeddedDatabase.handler({}, io);
    if (env.embeddedDb) expect(result).toMatchObject({ vacuumed: expect.any(Array), analyzed: expect.any(Array) });
    else expect(result).toEqual({ skipped: "autovacuum de PostgreSQL" });
    expect(JOBS.maintainEmbeddedDatabase.trigger).toEqual({ everyMinute: true });
  });
});
