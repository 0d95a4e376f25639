import postgres from "postgres";
import type { TestProject } from "vitest/node";

/**
 * With TEST_DATABASE_URL (or DATABASE_URL) the integration suite runs against a fresh database created on
 * that server for this run, and drops it afterwards; without it, every test file uses an in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    project.provide("databaseUrl", "");
    return;
  }
  const name = `veilleprix_test_${process.pid}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  project.provide("databaseUrl", url.toString());
  return async () => {
    const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
