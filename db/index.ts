import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { env } from "@/lib/env";
import { queryLog } from "./query-log";
import { secureDataDir } from "./secure-data-dir";
import * as schema from "./schema";
import { seedPlans } from "./seed";

export type Db = PostgresJsDatabase<typeof schema>;
export type DbTx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbLike = Db | DbTx;
/** A row lock taken by a read inside a transaction ("key share": the row cannot be deleted until commit). */
export type TRowLock = "update" | "no key update" | "share" | "key share";
export { schema };

type DbHandle = { db: Db; close: () => Promise<void>; kind: "pglite" | "postgres" };

const MIGRATIONS = path.join(process.cwd(), "db/migrations");
const MIGRATION_LOCK = 727_001;

// One handle per process (survives dev hot reloads): PGlite allows one process per data folder.
const globalStore = globalThis as unknown as { __veilleprixDb?: Promise<DbHandle> };

async function openPglite(dir: string): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const memory = dir.startsWith("memory://");
  if (!memory) secureDataDir(dir);
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  // pg_trgm: the products search's index (migration products-list)
  const client = memory ? new PGlite({ extensions: { pg_trgm } }) : new PGlite(dir, { extensions: { pg_trgm } });
  const db = drizzle({ client, schema, casing: "snake_case", logger: queryLog });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  if (memory) return { db: db as unknown as Db, close: () => client.close(), kind: "pglite" };
  secureDataDir(dir);
  const close = async () => {
    await client.close();
    secureDataDir(dir);
  };
  return { db: db as unknown as Db, close, kind: "pglite" };
}

async function openPostgres(url: string): Promise<DbHandle> {
  const postgres = (await import("postgres")).default;
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // No statement is compiled (jit off on every connection): compiling the statement triggers of a bulk write
  // (100,000 URLs) cost 25-30 % of it, and the big reads' estimates are inflated, not their work (measured
  // 2026-11-27; the tests' databases run the same way).
  const options = { onnotice: () => {}, connection: { jit: "off" } };
  // migrations under an advisory lock on a dedicated connection: safe when several processes start at once
  const migrator = postgres(url, { ...options, max: 1 });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle({ client: migrator, casing: "snake_case" }), { migrationsFolder: MIGRATIONS });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await migrator.end();
  }
  const client = postgres(url, { ...options, max: 10 });
  const db = drizzle({ client, schema, casing: "snake_case", logger: queryLog });
  return { db, close: () => client.end(), kind: "postgres" };
}

async function open(): Promise<DbHandle> {
  const handle = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(env.PGLITE_DIR);
  await seedPlans(handle.db, {
    professionnel: env.STRIPE_PRICE_PROFESSIONNEL,
    entreprise: env.STRIPE_PRICE_ENTREPRISE,
  });
  return handle;
}

/** The database, migrated and seeded on first use. */
export async function getDb(): Promise<Db> {
  if (!globalStore.__veilleprixDb) {
    globalStore.__veilleprixDb = open().catch((error: unknown) => {
      globalStore.__veilleprixDb = undefined;
      throw error;
    });
  }
  return (await globalStore.__veilleprixDb).db;
}

export async function closeDb(): Promise<void> {
  const pending = globalStore.__veilleprixDb;
  globalStore.__veilleprixDb = undefined;
  if (pending) await (await pending).close();
}

/** Rows of a raw query, whichever driver answered (postgres.js returns an array, PGlite `{ rows }`). */
export async function queryRows<T>(db: DbLike, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Rows of a raw query planned without PostgreSQL's JIT (its own transaction, `set local`): an aggregate over a
 * whole catalogue is estimated dear enough to be compiled, and compiling took longer than it saved (0.6-1.2 s
 * per run for data health's per-shop stats at 100,000 URLs).
 */
export async function queryRowsWithoutJit<T>(db: DbLike, query: SQL, workMemMb?: number): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    // a statement whose materialized rows are known to need more than the default 4 MB, so as not to spill
    if (workMemMb) await tx.execute(sql.raw(`set local work_mem = '${Math.trunc(workMemMb)}MB'`));
    return queryRows<T>(tx, query);
  });
}

export async function pingDb(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
