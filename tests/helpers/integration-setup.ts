import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeEach, inject } from "vitest";
import { withDatabase } from "./global-setup";

// Runs before each integration test file imports the app: lib/env.ts reads these once.
// One database per test file, a copy of the migrated template (global-setup.ts): files run in parallel and the
// job runner works across all users. On a server, its commits do not wait for the disk (synchronous_commit off:
// what a session sees and locks is unchanged, only a crash could lose the last ones; 1 ms a commit instead of 6).
const serverUrl = inject("databaseUrl");
const template = inject("databaseTemplate");
const copy = `${inject("testRunId")}_${randomBytes(4).toString("hex")}`;
let dropDatabase = async () => {};
if (serverUrl) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${copy}" template "${template}"`);
  await admin.unsafe(`alter database "${copy}" set synchronous_commit = off`);
  await admin.end();
  process.env.DATABASE_URL = withDatabase(serverUrl, copy);
  dropDatabase = async () => {
    const c = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await c.unsafe(`drop database if exists "${copy}" with (force)`);
    await c.end();
  };
} else {
  const folder = path.join(path.dirname(template), copy);
  fs.cpSync(template, folder, { recursive: true });
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = folder;
  dropDatabase = async () => fs.rmSync(folder, { recursive: true, force: true });
}
process.env.APP_URL = "http://localhost:3000";
process.env.SCRAPER_ALLOW_PRIVATE_HOSTS ??= "1";
process.env.JOBS_DISABLED = "1";
// one local shop serves most tests: no spacing between its requests unless a test asks (politeness.test.ts)
process.env.SCRAPER_HOST_SPACING_MS ??= "0";
// argon2id at its floor (lib/auth/hash-password.ts): tests/unit/hash-password.test.ts checks the real cost
process.env.TEST_FAST_PASSWORD_HASH = "1";
// the demo checkout is opt-in (BILLING_DEMO=1, as `npm run dev` sets it); billing-unavailable.test.ts unsets it
process.env.BILLING_DEMO = "1";
delete process.env.DEV_OUTBOX;
delete process.env.INNGEST_DEV;
delete process.env.RESEND_API_KEY;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.INNGEST_EVENT_KEY;
delete process.env.INNGEST_SIGNING_KEY;

const { resetRateLimits } = await import("@/lib/core/rate-limit");
const { closeDb } = await import("@/db");
const { holdJobs } = await import("@/lib/jobs/job-provider");
// the jobs' list and bodies, registered with lib/jobs as the server does at start (lib/start-server.ts)
await import("@/lib/workers");

// a flag opening starts a Chromium capture of its page: only the files that test the evidence run it
// (`holdJobs([])`, tests/integration/evidence.test.ts); elsewhere its trigger is dropped
holdJobs(["capture-evidence"]);

// Counters live in the database: forget them between tests, but never open the database just for that
// (a test file may still have to configure the app, e.g. Stripe, before the database is seeded).
beforeEach(async () => {
  if ((globalThis as { __veilleprixDb?: unknown }).__veilleprixDb) await resetRateLimits();
});
afterAll(async () => {
  await closeDb();
  await dropDatabase();
});
