import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeEach, inject } from "vitest";

// Runs before each integration test file imports the app: lib/env.ts reads these once.
const serverUrl = inject("databaseUrl");
let dropDatabase = async () => {};
if (serverUrl) {
  // one database per test file: files run in parallel and the job runner works across all users
  const name = `${inject("testRunId")}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await c.unsafe(`drop database if exists "${name}" with (force)`);
    await c.end();
  };
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}
process.env.APP_URL = "http://localhost:3000";
process.env.SCRAPER_ALLOW_PRIVATE_HOSTS ??= "1";
process.env.JOBS_DISABLED = "1";
// the demo checkout is opt-in (BILLING_DEMO=1, as `npm run dev` sets it); billing-unavailable.test.ts unsets it
process.env.BILLING_DEMO = "1";
delete process.env.DEV_OUTBOX;
delete process.env.INNGEST_DEV;
delete process.env.RESEND_API_KEY;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.INNGEST_EVENT_KEY;
delete process.env.INNGEST_SIGNING_KEY;

const { resetRateLimits } = await import("@/lib/http/rate-limit");
const { closeDb } = await import("@/db");

// Counters live in the database: forget them between tests, but never open the database just for that
// (a test file may still have to configure the app, e.g. Stripe, before the database is seeded).
beforeEach(async () => {
  if ((globalThis as { __veilleprixDb?: unknown }).__veilleprixDb) await resetRateLimits();
});
afterAll(async () => {
  await closeDb();
  await dropDatabase();
});
