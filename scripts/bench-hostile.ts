// npm run bench:hostile [-- --pages 20 --elements 1200000]
// Scrapes `pages` hostile pages at once (4.8 MB, 1,200,000 elements each, served by the local merchant
// simulator on 10 loopback addresses) through the real pipeline (queue → runner → fetch → analysis) on an
// in-memory embedded database, while /api/health is polled over HTTP every 20 ms in the same process. Prints the
// health latency (p50, p99, max; measured from when each poll was due, so a blocked event loop counts in full),
// at rest then under load, with the outcome of the scrapes and the peak memory.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "20" },
    elements: { type: "string", default: "1200000" },
  },
});

process.env.PGLITE_DIR = "memory://";
delete process.env.DATABASE_URL;
process.env.SCRAPER_ALLOW_PRIVATE_HOSTS = "1";
process.env.JOBS_DISABLED = "1";

const { sql } = await import("drizzle-orm");
const { closeDb, getDb } = await import("@/db");
const { productUrls, scrapeTasks } = await import("@/db/schema");
const { GET: health } = await import("@/app/api/health/route");
const { enqueueScrape } = await import("@/lib/jobs/enqueue-scrape");
const { JobRunner } = await import("@/lib/workers/job-runner");
const { startMerchantServer } = await import("../tests/fixtures/merchant-server");
const { seedBenchProduct } = await import("./seed-bench-product");

const pageCount = Number(values.pages);
const elements = Number(values.elements);
const HOSTS = 10;
const POLL_MS = 20;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

const html = `<html><head><title>Piège</title></head><body><h1>Piège</h1>${"<p>x".repeat(elements)}</body></html>`;
const merchants = await Promise.all(
  Array.from({ length: HOSTS }, (_, i) => startMerchantServer({ host: `127.0.0.${i + 1}` })),
);
for (const m of merchants) m.setHtml("hostile", html);

const server = http.createServer(async (_req, res) => {
  const answer = await health();
  res.writeHead(answer.status, { "content-type": "application/json" });
  res.end(await answer.text());
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const healthUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`;

const db = await getDb();
const { user, product } = await seedBenchProduct(db);

/** Polls health until `until` settles; latencies from each poll's due time, and the event loop's own delay. */
async function pollHealth(until: Promise<unknown>) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const latencies: number[] = [];
  let failures = 0;
  let done = false;
  void until.finally(() => (done = true));
  let due = performance.now();
  while (!done) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const res = await fetch(healthUrl).catch(() => null);
    if (!res?.ok) failures++;
    await res?.text();
    latencies.push(performance.now() - due);
    due = Math.max(due + POLL_MS, performance.now());
  }
  loop.disable();
  return { latencies: latencies.sort((a, b) => a - b), failures, loop };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function report(label: string, { latencies, failures, loop }: Awaited<ReturnType<typeof pollHealth>>) {
  console.log(
    `${label.padEnd(12)} /api/health ${latencies.length} appels | p50 ${percentile(latencies, 50).toFixed(1)} ms` +
      ` | p99 ${percentile(latencies, 99).toFixed(1)} ms | max ${(latencies.at(-1) ?? 0).toFixed(0)} ms` +
      ` | en échec ${failures} | boucle d'événements : retard p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms,` +
      ` max ${(loop.max / 1e6).toFixed(0)} ms`,
  );
}

console.log(
  `[bench:hostile] ${pageCount} pages de ${(html.length / 1e6).toFixed(1)} Mo (${elements.toLocaleString("fr-FR")}` +
    ` éléments) scrapées en même temps, /api/health interrogé toutes les ${POLL_MS} ms`,
);
report("au repos", await pollHealth(new Promise((r) => setTimeout(r, 3000))));

const rows = await db
  .insert(productUrls)
  .values(
    Array.from({ length: pageCount }, (_, i) => ({
      workspaceId: user!.id,
      productId: product!.id,
      name: `Piège ${i}`,
      url: `${merchants[i % HOSTS]!.url}/served/hostile?n=${i}`,
      fetchMode: "static" as const,
      nextCheckAt: new Date(Date.now() + 86_400_000),
    })),
  )
  .returning({ id: productUrls.id, url: productUrls.url });
await enqueueScrape(
  rows.map((r) => ({
    workspaceId: user!.id,
    productId: product!.id,
    urlId: r.id,
    url: r.url,
    trigger: "manual" as const,
  })),
);
const runner = new JobRunner({ concurrency: pageCount, retryDelayMs: () => 0, scrape: { browser: false } });
const started = performance.now();
const drained = runner.drain();
report("sous charge", await pollHealth(drained));
const seconds = (performance.now() - started) / 1000;
await runner.stop(0);

const outcomes = await db
  .select({ status: scrapeTasks.status, error: scrapeTasks.error, n: sql<number>`count(*)::int` })
  .from(scrapeTasks)
  .groupBy(scrapeTasks.status, scrapeTasks.error);
console.log(
  `relevés    ${seconds.toFixed(1)} s : ${outcomes.map((o) => `${o.n} ${o.status}${o.error ? ` (${o.error})` : ""}`).join(", ")}`,
);
clearInterval(sampler);
console.log(`mémoire    pic RSS ${(peakRss / 1_048_576).toFixed(0)} Mo (processus Node, workers compris)`);
server.close();
await Promise.all(merchants.map((m) => m.close()));
await closeDb();
process.exit(0);
