import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbLike } from "@/db";
import { env } from "@/lib/env";
import { defineJob } from "@/lib/jobs";

type TTableUpkeep = { name: string; vacuum: boolean };

/**
 * Vacuums or analyzes the tables that PostgreSQL's autovacuum would pick, with its default thresholds (dead rows
 * over 50 + 20 % of the table: vacuum; rows changed since the last analyze over 50 + 10 %, or never analyzed:
 * analyze). PGlite runs no autovacuum daemon: without this, its planner takes a 20,000-row table for one row (the
 * Vue marché's summary took 16 s at 2,000 products for want of statistics) and updated tables only grow.
 */
export async function maintainEmbeddedDatabase(options: { db?: DbLike } = {}) {
  const db = options.db ?? (await getDb());
  // the statistics this process has counted are written out at the end of this statement
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = await queryRows<TTableUpkeep>(
    db,
    sql`select format('%I.%I', s.schemaname, s.relname) as name,
               s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
          from pg_stat_user_tables s
          join pg_class c on c.oid = s.relid
         where s.schemaname = 'public'
           and (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
                or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
                or (c.reltuples < 0 and pg_relation_size(c.oid) > 0))
         order by s.relname`,
  );
  for (const t of tables) await db.execute(sql.raw(`${t.vacuum ? "vacuum (analyze)" : "analyze"} ${t.name}`));
  return {
    vacuumed: tables.filter((t) => t.vacuum).map((t) => t.name),
    analyzed: tables.filter((t) => !t.vacuum).map((t) => t.name),
  };
}

// Every minute, on the embedded database only (on PostgreSQL, its autovacuum does this work).
export const maintainEmbeddedDatabaseJob = defineJob({
  id: "maintain-embedded-database",
  name: "Entretenir la base embarquée (statistiques, vacuum)",
  trigger: { everyMinute: true },
  concurrency: { limit: 1 },
  handler: async (_payload, io) => {
    if (!env.embeddedDb) return { skipped: "autovacuum de PostgreSQL" };
    return io.step("upkeep", () => maintainEmbeddedDatabase());
  },
});
