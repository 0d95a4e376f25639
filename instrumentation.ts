// Runs once when the server starts (DESIGN.md §3): configuration check, then the embedded job runner
// (only without Inngest, and never with JOBS_DISABLED).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { recordPeerAddress } = await import("@/lib/http/record-peer-address");
  recordPeerAddress();
  const { assertProductionEnv, env } = await import("@/lib/env");
  try {
    assertProductionEnv();
  } catch (error) {
    // Next.js only logs an error thrown here and then answers 500 to every request: stop the process instead
    console.error(`[veilleprix] ${(error as Error).message}`);
    process.exit(1);
  }
  if (env.SCRAPER_ALLOW_PRIVATE_HOSTS) {
    console.warn(
      "[veilleprix] SCRAPER_ALLOW_PRIVATE_HOSTS=1 : le scraper peut joindre les adresses locales et privées.",
    );
  }
  // never during `next build` (its workers load this file too)
  if (env.JOBS_DISABLED || env.inngestEnabled || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startLocalRunner } = await import("@/lib/jobs/local-runner");
  startLocalRunner();
}
