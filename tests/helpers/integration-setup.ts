import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeEach, inject, vi } from "vitest";
import { withDatabase } from "./global-setup";

// Runs before each integration test file. The files of one worker thread share its modules (vitest.config.ts,
// isolate: false) and one database, which each file finds as the migrated template left it (global-setup.ts):
// - PGlite: the thread's folder, copied again from the template (the previous file closed it);
// - PostgreSQL: the thread's database, created from the template by its first file, then emptied for each next
//   one (its sessions ended, every table holding rows truncated, their statistics dropped, sequences restarted;
//   opening it seeds the plans again). Its commits do not wait for the disk (synchronous_commit off: what a
//   session sees and locks is unchanged, only a crash could lose the last ones), and its statements are not
//   compiled (jit off: the same plans and results; the statement triggers over the plan tests' 100,000 seeded URLs
//   took a quarter longer with it, measured 2026-11-27: 36.4 s instead of 25.7 s for the update).
// lib/env.ts reads the variables below once per module graph: they are the same for every file of the thread.
// A file that changes them loads the app afresh (vi.resetModules()); afterAll puts them back and drops the
// modules it loaded, so that the next file gets the app as this setup configures it.
const serverUrl = inject("databaseUrl");
const template = inject("databaseTemplate");
const threadStore = globalThis as { __veilleprixTestDatabase?: { name: string; used: boolean } };
const thread = (threadStore.__veilleprixTestDatabase ??= {
  name: `${inject("testRunId")}_${randomBytes(4).toString("hex")}`,
  used: false,
});
if (serverUrl) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    if (!thread.used) {
      await admin.unsafe(`create database "${thread.name}" template "${template}"`);
      await admin.unsafe(`alter database "${thread.name}" set synchronous_commit = off`);
      await admin.unsafe(`alter database "${thread.name}" set jit = off`);
    }
  } finally {
    await admin.end();
  }
  process.env.DATABASE_URL = withDatabase(serverUrl, thread.name);
  if (thread.used) await emptyDatabase(process.env.DATABASE_URL);
} else {
  const folder = path.join(path.dirname(template), thread.name);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.cpSync(template, folder, { recursive: true });
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = folder;
}
thread.used = true;
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
const variables = { ...process.env };

const { env } = await import("@/lib/env");
const { resetRateLimits } = await import("@/lib/core/rate-limit");
const { closeDb } = await import("@/db");
const { holdJobs } = await import("@/lib/jobs/job-provider");
// the jobs' list and bodies, registered with lib/jobs as the server does at start (lib/start-server.ts)
await import("@/lib/workers");
const { forgetLocalJobs, settleLocalJobs } = await import("@/lib/workers/local-jobs");
const { JobRunner } = await import("@/lib/workers/job-runner");

// a flag opening starts a Chromium capture of its page: only the files that test the evidence run it
// (`holdJobs([])`, tests/integration/evidence.test.ts); elsewhere its trigger is dropped
holdJobs(["capture-evidence"]);

// Counters live in the database: forget them between tests, but never open the database just for that
// (a test file may still have to configure the app, e.g. Stripe, before the database is seeded).
beforeEach(async () => {
  if ((globalThis as { __veilleprixDb?: unknown }).__veilleprixDb) await resetRateLimits();
});

// Nothing of this file may reach the next one: its runners and job runs end on this file's database (a run's
// sleeps cut short), then the database closes, and the idempotency keys of its runs are forgotten (a next file's
// price_history ids start again at 1).
afterAll(async () => {
  await JobRunner.stopAll(1000);
  await settleLocalJobs({ skipSleeps: true });
  forgetLocalJobs();
  (globalThis as { __veilleprixQueryListeners?: Set<unknown> }).__veilleprixQueryListeners?.clear();
  await closeDb();
  const changed = Object.keys({ ...variables, ...process.env }).filter((k) => process.env[k] !== variables[k]);
  for (const name of changed) {
    if (variables[name] === undefined) delete process.env[name];
    else process.env[name] = variables[name];
  }
  if (changed.length > 0 || (await import("@/lib/env")).env !== env) vi.resetModules();
});

/** Ends the sessions still open on the database at `url`, then empties it as the template left it. */
async function emptyDatabase(url: string) {
  const c = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await c`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()`;
    const tables = await c<{ name: string }[]>`
      select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`;
    const filled = await c.unsafe<{ name: string }[]>(
      tables.map(({ name }) => `select '${name}' as name where exists (select from ${name})`).join(" union all "),
    );
    if (filled.length > 0) await c.unsafe(`truncate ${filled.map((t) => t.name).join(", ")} restart identity cascade`);
    // truncate forgets the tables' sizes but not their columns' statistics: a previous file's analyze of 20,000
    // products would steer this file's plans (its EXPLAIN checks), where a new copy of the template has none
    await c`delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`;
    const sequences = await c<{ name: string }[]>`
      select format('%I.%I', schemaname, sequencename) as name from pg_sequences where schemaname = 'public'`;
    for (const { name } of sequences) await c.unsafe(`alter sequence ${name} restart`);
  } finally {
    await c.end();
  }
}
