import { afterAll, beforeEach, inject } from "vitest";

// Runs before each integration test file imports the app: lib/env.ts reads these once.
const databaseUrl = inject("databaseUrl");
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}
process.env.APP_URL = "http://localhost:3000";
process.env.SCRAPER_ALLOW_PRIVATE_HOSTS ??= "1";
process.env.JOBS_DISABLED = "1";
delete process.env.RESEND_API_KEY;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.INNGEST_EVENT_KEY;
delete process.env.INNGEST_SIGNING_KEY;

const { resetRateLimits } = await import("@/lib/http/rate-limit");
const { closeDb } = await import("@/db");

beforeEach(() => resetRateLimits());
afterAll(async () => {
  await closeDb();
});
