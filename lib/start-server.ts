import { recordPeerAddress } from "@/lib/http/record-peer-address";
import { assertProductionEnv, env } from "@/lib/env";

/**
 * What the Node.js server does once at start (DESIGN.md §3): record socket peers for X-Forwarded-For, check the
 * configuration (a bad one stops the process: Next.js would only log it and answer 500 to every request), then the
 * embedded job runner (only without Inngest, never with JOBS_DISABLED, never during `next build`).
 */
export async function startServer() {
  recordPeerAddress();
  try {
    assertProductionEnv();
  } catch (error) {
    console.error(`[veilleprix] ${(error as Error).message}`);
    process.exit(1);
  }
  if (env.SCRAPER_ALLOW_PRIVATE_HOSTS) {
    console.warn(
      "[veilleprix] SCRAPER_ALLOW_PRIVATE_HOSTS=1 : le scraper peut joindre les adresses locales et privées.",
    );
  }
  // `next build` workers load instrumentation.ts too
  if (env.buildPhase) return;
  // the jobs' list and bodies, for the triggers of every route of this process (lib/jobs), even with no runner here
  const { startJobWorker } = await import("@/lib/workers");
  if (env.JOBS_DISABLED) return;
  await startJobWorker();
}
