// npm run bench:scrape [-- --urls 2000 --browser-urls 100 --concurrency 4 --hosts 8]
// Runs URLs of the local merchant simulator through the real pipeline (queue → runner → fetch/browser →
// extraction → history) on an in-memory embedded database, and prints throughput, latency and memory.
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    urls: { type: "string", default: "2000" },
    "browser-urls": { type: "string", default: "100" },
    concurrency: { type: "string" },
    hosts: { type: "string", default: "8" },
  },
});

process.env.PGLITE_DIR = "memory://";
delete process.env.DATABASE_URL;
process.env.SCRAPER_ALLOW_PRIVATE_HOSTS = "1";
process.env.JOBS_DISABLED = "1";
process.env.RATE_LIMIT_DISABLED = "1";

const { inArray, sql } = await import("drizzle-orm");
const { closeDb, getDb } = await import("@/db");
const { productUrls, scrapeTasks } = await import("@/db/schema");
const { env } = await import("@/lib/env");
const { enqueueScrape } = await import("@/lib/jobs/enqueue-scrape");
const { JobRunner } = await import("@/lib/workers/job-runner");
const { closeBrowser } = await import("@/lib/scraping/browser");
const { startMerchantServer } = await import("../tests/fixtures/merchant-server");
const { seedBenchProduct } = await import("./seed-bench-product");

const staticCount = Number(values.urls);
const browserCount = Number(values["browser-urls"]);
const concurrency = Number(values.concurrency ?? env.SCRAPER_CONCURRENCY);
const hostCount = Math.max(1, Math.min(50, Number(values.hosts)));

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

// one merchant per loopback address, so that the per-host limit (2) applies as with real merchants
const merchants = await Promise.all(
  Array.from({ length: hostCount }, (_, i) => startMerchantServer({ host: `127.0.0.${i + 1}` })),
);
const db = await getDb();
const { user, product } = await seedBenchProduct(db);

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(
  label: string,
  count: number,
  path: (i: number) => string,
  fetchMode: "static" | "browser" | "auto",
) {
  if (count <= 0) return;
  const rows: { id: string; url: string }[] = [];
  for (let i = 0; i < count; i += 1000) {
    const chunk = Array.from({ length: Math.min(1000, count - i) }, (_, j) => {
      const n = i + j;
      return {
        workspaceId: user!.id,
        productId: product!.id,
        name: `Source ${n}`,
        url: `${merchants[n % merchants.length]!.url}${path(n)}`,
        fetchMode,
        nextCheckAt: new Date(Date.now() + 86_400_000),
      };
    });
    rows.push(...(await db.insert(productUrls).values(chunk).returning({ id: productUrls.id, url: productUrls.url })));
  }
  const tasks = await enqueueScrape(
    rows.map((r) => ({
      workspaceId: user!.id,
      productId: product!.id,
      urlId: r.id,
      url: r.url,
      trigger: "manual" as const,
    })),
  );
  const runner = new JobRunner({ concurrency, retryDelayMs: () => 0 });
  const cpu = process.cpuUsage();
  const started = performance.now();
  await runner.drain();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / count;
  await runner.stop(0);
  const done = await db
    .select({
      status: scrapeTasks.status,
      ms: sql<number>`extract(epoch from (${scrapeTasks.finishedAt} - ${scrapeTasks.startedAt})) * 1000`,
    })
    .from(scrapeTasks)
    .where(
      inArray(
        scrapeTasks.id,
        tasks.map((t) => t.id),
      ),
    );
  const ok = done.filter((d) => d.status === "completed").length;
  const latencies = done
    .map((d) => Number(d.ms))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  console.log(
    `${label.padEnd(8)} ${count} URL en ${seconds.toFixed(2)} s → ${(count / seconds).toFixed(1)} URL/s` +
      ` | réussies ${ok}/${count} | p50 ${percentile(latencies, 50).toFixed(0)} ms | p99 ` +
      `${percentile(latencies, 99).toFixed(0)} ms par URL` +
      ` | CPU Node ${cpuMs.toFixed(1)} ms par URL`,
  );
}

console.log(
  `[bench:scrape] ${concurrency} tâches en parallèle, ${hostCount} marchands simulés, base PGlite en mémoire`,
);
// warm-up: database code paths and the HTTP stack
await run("chauffe", Math.min(50, staticCount), (i) => `/product/warm-${i}?price=${(i % 500) + 1}.99`, "auto");
await run(
  "statique",
  staticCount,
  (i) => `/product/p-${i}?price=${(i % 900) + 10}.${String(i % 100).padStart(2, "0")}`,
  "auto",
);
await run("chromium", browserCount, (i) => `/js-only/j-${i}?price=${(i % 300) + 5}.50`, "browser");

clearInterval(sampler);
const mem = process.memoryUsage();
console.log(
  `mémoire  pic RSS ${(peakRss / 1_048_576).toFixed(0)} Mo (processus Node ; Chromium à part) | tas ` +
    `${(mem.heapUsed / 1_048_576).toFixed(0)} Mo en fin`,
);
await closeBrowser();
await Promise.all(merchants.map((m) => m.close()));
await closeDb();
process.exit(0);
