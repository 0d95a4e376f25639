import postgres from "postgres";
import type { TestProject } from "vitest/node";

export const TEST_DB_PREFIX = "veilleprix_test_";

/**
 * With TEST_DATABASE_URL (or DATABASE_URL) every integration test file gets a fresh database of its own
 * on that server (see integration-setup.ts); leftovers of this run are dropped at the end.
 * Without it, every test file uses an in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "";
  const runId = `${TEST_DB_PREFIX}${process.pid}_${Date.now().toString(36)}`;
  project.provide("databaseUrl", serverUrl);
  project.provide("testRunId", runId);
  if (!serverUrl) return;
  return async () => {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const rows = await admin`select datname from pg_database where datname like ${`${runId}%`}`;
    for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    testRunId: string;
  }
}
