import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";

// PL/pgSQL plans a trigger's statements once per connection, at their first firing: a join of old_rows with new_rows
// first planned for an empty upsert stays a one-row nested loop, quadratic on the next big batch (105 s for 20,000
// products' first prices). Every such join is planned per firing above 64 rows (migrations 0032 and 0043), and
// the text it EXECUTEs names tables and columns that exist.

type TFunction = { name: string; source: string; table: string; update: boolean };

const JOIN = /\b(old|new)_rows\s+\w+\s+join\s+(old|new)_rows\b/i;
const GUARD = "IF (SELECT count(*) FROM new_rows) > 64 THEN";

async function triggerFunctions(): Promise<TFunction[]> {
  const db = await getDb();
  return queryRows<TFunction>(
    db,
    sql`select distinct p.proname as name, p.prosrc as source, c.relname as table,
               (t.tgtype & 16) <> 0 as update
          from pg_trigger t join pg_proc p on p.oid = t.tgfoid join pg_class c on c.oid = t.tgrelid
         where not t.tgisinternal and t.tgnewtable is not null and t.tgoldtable is not null
         order by 1`,
  );
}

/** The string literals a function EXECUTEs, unquoted. */
const executed = (source: string) =>
  [...source.matchAll(/EXECUTE\s+'((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'"));

describe("statement triggers on big batches", () => {
  it("every join of a statement's old_rows with its new_rows is planned per firing above 64 rows", async () => {
    const functions = await triggerFunctions();
    const joining = functions.filter((f) => JOIN.test(f.source));
    expect(joining.map((f) => f.name)).toEqual(
      expect.arrayContaining(["host_queue_on_scrape_tasks", "trend_tallies_on_market", "product_market_on_update"]),
    );
    const unguarded = joining.filter((f) => !f.source.includes(GUARD) || executed(f.source).length === 0);
    expect(unguarded.map((f) => f.name)).toEqual([]);
  });

  it("the statements they EXECUTE are valid against their table's transition rows", async () => {
    const db = await getDb();
    const functions = (await triggerFunctions()).filter((f) => f.update && executed(f.source).length > 0);
    expect(functions.length).toBeGreaterThanOrEqual(8);
    const checked: string[] = [];
    await db
      .transaction(async (tx) => {
        for (const f of functions) {
          await tx.execute(sql.raw(`create temp table new_rows (like "${f.table}") on commit drop`));
          await tx.execute(sql.raw(`create temp table old_rows (like "${f.table}") on commit drop`));
          for (const statement of executed(f.source)) {
            await tx.execute(sql.raw(`explain ${statement}`));
            checked.push(f.name);
          }
          await tx.execute(sql.raw("drop table new_rows, old_rows"));
        }
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect(new Set(checked).size).toBe(functions.length);
  });
});
