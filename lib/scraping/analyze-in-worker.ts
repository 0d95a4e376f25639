// A pool of worker threads for page analysis (parsing and extraction): a hostile page (millions of elements)
// costs a worker seconds of CPU, never the server's event loop. One page per worker at a time, each within a time
// budget and a heap limit; past either the worker is dropped and the page fails for good.
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { TPageAnalysis, TPageInput } from "./analyze-page";
import { ScrapeError } from "./scrape-error";

export const ANALYSIS_BUDGET_MS = 10_000;
const HEAP_MB = 256;
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));

type TJob = {
  id: number;
  page: TPageInput;
  budgetMs: number;
  resolve: (analysis: TPageAnalysis) => void;
  reject: (error: ScrapeError) => void;
};
type TSlot = { worker: Worker; job: TJob | null; timer?: NodeJS.Timeout; started: boolean };
type TPool = { slots: Set<TSlot>; queue: TJob[]; nextId: number };

const store = globalThis as unknown as { __veilleprixAnalysisPool?: TPool };
const pool = (): TPool => (store.__veilleprixAnalysisPool ??= { slots: new Set(), queue: [], nextId: 1 });

const tooComplex = () => new ScrapeError("too_complex", "Page trop complexe à analyser", false);
const workerFailed = () => new ScrapeError("unreachable", "Erreur inattendue pendant l'analyse de la page", true);

const RESOURCE_LIMITS = { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 };

function spawn(): TSlot {
  // Built by Next.js, the entry is the JavaScript Turbopack bundles from `new Worker(new URL(…))`. From source
  // (vitest, tsx scripts) it is TypeScript, loaded through tsx's require hook (Node 20 workers take no --import).
  const source = fileURLToPath(import.meta.url);
  const worker = source.endsWith(".ts")
    ? new Worker(
        `require("tsx/cjs/api").register(); require(${JSON.stringify(source.replace(/[^/\\]+$/, "analyze-page-worker.ts"))});`,
        { eval: true, resourceLimits: RESOURCE_LIMITS },
      )
    : new Worker(new URL("./analyze-page-worker.ts", import.meta.url), { resourceLimits: RESOURCE_LIMITS });
  const slot: TSlot = { worker, job: null, started: false };
  worker.on("online", () => (slot.started = true));
  worker.on("message", (message: { id: number; analysis: TPageAnalysis }) => {
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    finish(slot);
    job.resolve(message.analysis);
    dispatch();
  });
  worker.on("error", (error: Error & { code?: string }) => {
    if (error.code !== "ERR_WORKER_OUT_OF_MEMORY") console.error("[scraping] worker d'analyse en échec", error);
    drop(slot, error.code === "ERR_WORKER_OUT_OF_MEMORY" || slot.started ? tooComplex() : workerFailed());
  });
  worker.on("exit", () => drop(slot, workerFailed()));
  pool().slots.add(slot);
  return slot;
}

function finish(slot: TSlot) {
  clearTimeout(slot.timer);
  slot.job = null;
  slot.worker.unref();
}

/** Removes a worker (it died or ran past its budget); its page fails with `reason`. */
function drop(slot: TSlot, reason: ScrapeError) {
  if (!pool().slots.delete(slot)) return;
  const job = slot.job;
  finish(slot);
  void slot.worker.terminate();
  job?.reject(reason);
  dispatch();
}

function dispatch() {
  const { slots, queue } = pool();
  while (queue.length > 0) {
    let slot = [...slots].find((s) => s.job === null);
    if (!slot && slots.size < POOL_SIZE) slot = spawn();
    if (!slot) return;
    const job = queue.shift()!;
    const busy = slot;
    busy.job = job;
    busy.worker.ref();
    busy.timer = setTimeout(() => drop(busy, tooComplex()), job.budgetMs);
    busy.worker.postMessage({ id: job.id, page: job.page });
  }
}

/**
 * `analyzePage` in a worker thread: a page that takes more than `budgetMs` of the worker (once it starts on it)
 * or more than the worker's heap fails with a permanent 'Page trop complexe à analyser'.
 */
export function analyzeInWorker(page: TPageInput, options: { budgetMs?: number } = {}): Promise<TPageAnalysis> {
  return new Promise((resolve, reject) => {
    const p = pool();
    p.queue.push({ id: p.nextId++, page, budgetMs: options.budgetMs ?? ANALYSIS_BUDGET_MS, resolve, reject });
    dispatch();
  });
}

/** Stops every analysis worker (end of tests and benchmarks); queued pages fail. */
export async function closeAnalysisWorkers(): Promise<void> {
  const p = pool();
  for (const job of p.queue.splice(0)) job.reject(workerFailed());
  const workers = [...p.slots].map((slot) => slot.worker);
  for (const slot of [...p.slots]) drop(slot, workerFailed());
  await Promise.all(workers.map((worker) => worker.terminate()));
}
