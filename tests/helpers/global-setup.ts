import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";

export const TEST_DB_PREFIX = "veilleprix_test_";

/**
 * Migrates and seeds one template database, the way the app opens its own (db/index.ts `getDb`), then every
 * integration test file gets a copy of its own (see integration-setup.ts):
 * - with TEST_DATABASE_URL (or DATABASE_URL), a database `create database … template …` on that server;
 * - without, a PGlite data folder (on tmpfs when there is one) copied per file.
 * Everything this run created is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "";
  const runId = `${TEST_DB_PREFIX}${process.pid}_${Date.now().toString(36)}`;
  project.provide("databaseUrl", serverUrl);
  project.provide("testRunId", runId);
  if (serverUrl) {
    const template = `${runId}_template`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${template}"`);
    await admin.unsafe(`alter database "${template}" set synchronous_commit = off`);
    await admin.unsafe(`alter database "${template}" set jit = off`);
    await admin.end();
    await migrateWith({ DATABASE_URL: withDatabase(serverUrl, template) });
    project.provide("databaseTemplate", template);
    return async () => {
      const c = postgres(serverUrl, { max: 1, onnotice: () => {} });
      const rows = await c`select datname from pg_database where datname like ${`${runId}%`}`;
      for (const { datname } of rows) await c.unsafe(`drop database if exists "${datname}" with (force)`);
      await c.end();
    };
  }
  const shm = "/dev/shm";
  const root = fs.mkdtempSync(path.join(fs.existsSync(shm) ? shm : os.tmpdir(), `${runId}_`));
  const template = path.join(root, "template");
  await migrateWith({ PGLITE_DIR: template });
  project.provide("databaseTemplate", template);
  return () => fs.rmSync(root, { recursive: true, force: true });
}

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Opens the app's database with `vars` as its settings (migrations and plans applied), then closes it. */
async function migrateWith(vars: { DATABASE_URL?: string; PGLITE_DIR?: string }) {
  const names = ["DATABASE_URL", "PGLITE_DIR", "STRIPE_PRICE_PROFESSIONNEL", "STRIPE_PRICE_ENTREPRISE"] as const;
  const saved = names.map((name) => [name, process.env[name]] as const);
  for (const name of names) delete process.env[name];
  Object.assign(process.env, vars);
  try {
    const { getDb, closeDb } = await import("@/db");
    await getDb();
    await closeDb();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    testRunId: string;
    /** The migrated database each test file copies: a database name on the server, or a PGlite folder. */
    databaseTemplate: string;
  }
}
