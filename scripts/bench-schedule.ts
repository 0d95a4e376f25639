// npm run bench:schedule [-- --due 100000 --checks 10000 --shops 50 --spacing 100 --concurrency 16 --claim-seconds 5]
// (also run by npm run bench:scrape). Embedded database in memory, or PostgreSQL with --database-url.
//  1. the scheduler at size: `--due` URLs seeded in SQL, all due within the last hour; one sweep queues them
//     (its time and its longest batch transaction), then the claim rate with that whole queue pending.
//  2. scheduled checks: `--checks` hourly URLs (one product each) over `--shops` local shops (127.0.0.x), swept and scraped by
//     the runner within each shop's politeness; the throughput, and the spread of their start times.
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    due: { type: "string", default: "100000" },
    checks: { type: "string", default: "10000" },
    shops: { type: "string", default: "50" },
    spacing: { type: "string", default: "100" },
    concurrency: { type: "string", default: "16" },
    "claim-seconds": { type: "string", default: "5" },
    "database-url": { type: "string" },
  },
});

if (values["database-url"]) process.env.DATABASE_URL = values["database-url"];
else {
  process.env.PGLITE_DIR = "memory://";
  delete process.env.DATABASE_URL;
}
process.env.SCRAPER_ALLOW_PRIVATE_HOSTS = "1";
process.env.JOBS_DISABLED = "1";
process.env.RATE_LIMIT_DISABLED = "1";
process.env.SCRAPER_HOST_SPACING_MS = values.spacing;

const { sql } = await import("drizzle-orm");
const { closeDb, getDb, queryRows } = await import("@/db");
const { plans, subscriptions } = await import("@/db/schema");
const { claimTasks } = await import("@/lib/jobs/claim-tasks");
const { JobRunner } = await import("@/lib/workers/job-runner");
const { sweepDueUrls } = await import("@/lib/jobs/sweep-due-urls");
const { startMerchantServer } = await import("../tests/fixtures/merchant-server");
const { seedBenchProduct } = await import("./seed-bench-product");
const { eq } = await import("drizzle-orm");

const db = await getDb();
const due = Number(values.due);
const checks = Number(values.checks);
const shopCount = Math.max(1, Math.min(50, Number(values.shops)));
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `n` URLs, 5 per product as a catalogue's (the planner's statistics then see products of a few URLs each). */
async function seedUrls(workspaceId: string, n: number, url: string, frequency: string) {
  await db.execute(sql`
    with p as (
      insert into products (workspace_id, name)
      select ${workspaceId}::uuid, 'Produit ' || k from generate_series(1, ${Math.ceil(n / 5)}) k
      returning id, substring(name from 9)::int as k
    )
    insert into product_urls (workspace_id, product_id, name, url, tracking_frequency, next_check_at)
    select ${workspaceId}::uuid, u.id, 'Source ' || g, ${sql.raw(url)}, ${frequency},
      now() - make_interval(secs => (g % 3600)::float8)
    from (select p.id, (p.k - 1) * 5 + m as g from p cross join generate_series(1, 5) m) u
    where g <= ${n}`);
}

/** `n` products of one URL each, as a catalogue (readings of one product are written one after the other). */
async function seedProductUrls(workspaceId: string, n: number, url: string) {
  await db.execute(sql`
    with p as (
      insert into products (workspace_id, name)
      select ${workspaceId}::uuid, 'Produit ' || g from generate_series(1, ${n}) g
      returning id, substring(name from 9)::int as g
    )
    insert into product_urls (workspace_id, product_id, name, url, tracking_frequency, next_check_at)
    select ${workspaceId}::uuid, p.id, 'Source ' || g, ${sql.raw(url)}, 'hourly',
      now() - make_interval(secs => (g % 3600)::float8)
    from p`);
}

async function clearQueue(workspaceId: string) {
  await db.execute(sql`delete from scrape_tasks where workspace_id = ${workspaceId}`);
  await db.execute(sql`update product_urls set paused = true where workspace_id = ${workspaceId}`);
}

// 1. the scheduler at size
{
  const { user } = await seedBenchProduct(db);
  let t = performance.now();
  await seedUrls(user.id, due, `'https://shop-' || (g % 500) || '.example/p/' || g`, "daily");
  await db.execute(sql`analyze`);
  console.log(`[bench:schedule] ${due} URL dues semées en ${((performance.now() - t) / 1000).toFixed(1)} s`);
  let slowest = 0;
  let batches = 0;
  let last = performance.now();
  t = performance.now();
  const { rescheduled, tasks } = await sweepDueUrls({
    onBatch: async () => {
      const now = performance.now();
      slowest = Math.max(slowest, now - last);
      last = now;
      batches++;
    },
  });
  const sweepS = (performance.now() - t) / 1000;
  console.log(
    `balayage  ${rescheduled} URL replanifiées, ${tasks.length} tâches en file en ${sweepS.toFixed(1)} s ` +
      `(${batches} transactions, la plus longue ${slowest.toFixed(0)} ms)`,
  );
  const latencies: number[] = [];
  const until = performance.now() + Number(values["claim-seconds"]) * 1000;
  while (performance.now() < until) {
    const c = performance.now();
    const got = await claimTasks("bench", { limit: 1, perUserLimit: 1_000_000, hostSpacingMs: 0 });
    latencies.push(performance.now() - c);
    if (got.length === 0) break;
    await db.execute(sql`update scrape_tasks set status = 'completed' where id = ${got[0]!.id}`);
  }
  latencies.sort((a, b) => a - b);
  const [{ pending }] = (await queryRows<{ pending: number }>(
    db,
    sql`select count(*)::int as pending from scrape_tasks where status = 'pending'`,
  )) as [{ pending: number }];
  console.log(
    `réclamation ${latencies.length} tâches en ${values["claim-seconds"]} s, ${pending} en attente → ` +
      `${(latencies.length / Number(values["claim-seconds"])).toFixed(0)} réclamations/s | p50 ` +
      `${pct(latencies, 50).toFixed(1)} ms | p99 ${pct(latencies, 99).toFixed(1)} ms`,
  );
  await clearQueue(user.id);
}

// 2. scheduled checks over many shops, within their politeness
if (checks > 0) {
  const shops = await Promise.all(
    Array.from({ length: shopCount }, (_, i) => startMerchantServer({ host: `127.0.0.${i + 1}` })),
  );
  const { user } = await seedBenchProduct(db);
  const [pro] = await db.select().from(plans).where(eq(plans.code, "professionnel"));
  await db
    .update(subscriptions)
    .set({ planId: pro!.id, status: "active" })
    .where(eq(subscriptions.workspaceId, user.id));
  const perShop = Math.ceil(checks / shopCount);
  for (const shop of shops) {
    await seedProductUrls(user.id, perShop, `'${shop.url}/product/c-' || g || '?price=' || (g % 90 + 10)`);
  }
  const runner = new JobRunner({ concurrency: Number(values.concurrency), perUserLimit: 1_000_000 });
  const t = performance.now();
  const { tasks } = await sweepDueUrls();
  await runner.drain();
  const seconds = (performance.now() - t) / 1000;
  await runner.stop(0);
  const [row] = await queryRows<{ ok: number; closest_ms: number; median_ms: number }>(
    db,
    sql`select (select count(*)::int from scrape_tasks where workspace_id = ${user.id} and status = 'completed') as ok,
        min(gap)::float8 as closest_ms, percentile_cont(0.5) within group (order by gap)::float8 as median_ms
      from (select extract(epoch from (started_at - lag(started_at) over (partition by host order by started_at))) * 1000
        as gap from scrape_tasks where workspace_id = ${user.id}) g where gap is not null`,
  );
  const peak = Math.max(...shops.map((s) => Math.max(0, ...s.arrivals.map((a) => a.inFlight))));
  console.log(
    `vérifications ${tasks.length} URL sur ${shopCount} boutiques en ${seconds.toFixed(1)} s → ` +
      `${(tasks.length / seconds).toFixed(1)} URL/s | réussies ${row!.ok} | par boutique : au plus ${peak} ` +
      `requêtes à la fois, départs espacés d'au moins ${Number(row!.closest_ms).toFixed(0)} ms ` +
      `(médiane ${Number(row!.median_ms).toFixed(0)} ms, consigne ${values.spacing} ms)`,
  );
  // the next starts the sweep planned: minute of the hour of each URL's next check
  const minutes = await queryRows<{ minute: number; n: number }>(
    db,
    sql`select extract(minute from next_check_at)::int as minute, count(*)::int as n from product_urls
      where workspace_id = ${user.id} group by 1 order by 1`,
  );
  const counts = minutes.map((m) => Number(m.n)).sort((a, b) => a - b);
  console.log(
    `étalement des prochains départs : ${minutes.length}/60 minutes de l'heure utilisées, ` +
      `${counts[0] ?? 0} à ${counts.at(-1) ?? 0} URL par minute (moyenne ${(tasks.length / 60).toFixed(0)})`,
  );
  await Promise.all(shops.map((s) => s.close()));
}

await closeDb();
process.exit(0);
