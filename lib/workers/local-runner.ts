// The process-wide in-process runner (embedded mode, DESIGN.md §3); absent when Inngest is configured.
import { env } from "@/lib/env";
import { JobRunner } from "./job-runner";

const SHUTDOWN_GRACE_MS = 5_000;

const store = globalThis as unknown as { __veilleprixRunner?: JobRunner | null };

/** The runner started by instrumentation.ts in this process, if any. */
export function getLocalRunner(): JobRunner | null {
  return store.__veilleprixRunner ?? null;
}

/** Starts the runner once per process; stops it cleanly (finish or release claimed tasks) on SIGTERM/SIGINT. */
export function startLocalRunner(): JobRunner {
  if (store.__veilleprixRunner) return store.__veilleprixRunner;
  const runner = new JobRunner({ concurrency: env.SCRAPER_CONCURRENCY });
  store.__veilleprixRunner = runner;
  runner.start();
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[jobs] ${signal} : arrêt du runner, les tâches en cours sont terminées ou remises en file`);
    const done = runner
      .stop(SHUTDOWN_GRACE_MS)
      .catch((error: unknown) => console.error("[jobs] arrêt du runner en échec", error))
      .then(async () => {
        const { closeBrowser } = await import("@/lib/scraping");
        await closeBrowser();
      });
    // Next.js exits as soon as its own cleanup is over: that exit waits until the runner has finished
    // or released its tasks (bounded by the grace period).
    const exit = process.exit.bind(process);
    process.exit = ((code?: number) => void done.finally(() => exit(code))) as typeof process.exit;
    void done.finally(() => setTimeout(() => exit(signal === "SIGINT" ? 130 : 143), 10_000).unref());
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  console.log(`[jobs] runner local démarré (${env.SCRAPER_CONCURRENCY} tâches en parallèle)`);
  return runner;
}
