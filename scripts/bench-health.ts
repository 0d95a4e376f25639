// DATABASE_URL=postgres://… npm run bench:health [-- --urls 100000 --checks 700000 --runs 20 --explain]
// Seeds (once: reused while it exists) one Entreprise tenant of urls/5 products × 5 URLs over 50 shops, in varied
// states (about 2 % late, 5 % failing, 2 % paused, 1 % rule lost), and `--checks` checks over the last 7 days
// (85 % scheduled; 90 % completed, 8 % failed, 2 % cancelled; fetch times 0.3-18 s), then times each read of the
// data-health screen (the functions behind GET /api/data-health, /api/data-health/urls and the digest), one
// client, and with --explain prints each query's EXPLAIN (ANALYZE, BUFFERS) (auto_explain, as notices).
// A measurement: nothing is asserted.
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    urls: { type: "string", default: "100000" },
    checks: { type: "string", default: "700000" },
    runs: { type: "string", default: "20" },
    only: { type: "string" },
    explain: { type: "boolean", default: false },
    reseed: { type: "boolean", default: false },
  },
});
const URLS = Number(values.urls);
const PRODUCTS = Math.ceil(URLS / 5);
const CHECKS = Number(values.checks);
const RUNS = Number(values.runs);
const EMAIL = `bench-health-${URLS}-${CHECKS}@veilleprix.test`;

function summary(label: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(`${label.padEnd(44)} n=${sorted.length}  p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  max ${at(1)} ms`);
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL est requis (base PostgreSQL de mesure)");
  process.env.JOBS_DISABLED = "1";
  const { sql, eq } = await import("drizzle-orm");
  const { getDb, closeDb, queryRows } = await import("@/db");
  const { plans, subscriptions, users } = await import("@/db/schema");
  const health = await import("@/lib/health");
  const db = await getDb();
  let [user]: ({ id: string } | undefined)[] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, EMAIL));
  if (user && values.reseed) {
    await db.delete(users).where(eq(users.id, user.id));
    await db.execute(sql`delete from workspaces where id = ${user.id}`);
    user = undefined;
  }
  const workspaceId = user?.id ?? (await seed());
  const [n] = await queryRows<{ urls: string; checks: string }>(
    db,
    sql`select (select count(*) from product_urls where workspace_id = ${workspaceId}) as urls,
      (select count(*) from scrape_tasks where workspace_id = ${workspaceId}) as checks`,
  );
  console.log(`locataire ${workspaceId} : ${n!.urls} URLs, ${n!.checks} relevés`);

  async function seed() {
    const t0 = performance.now();
    const [row] = await db.insert(users).values({ email: EMAIL, passwordHash: "x", firstName: "Banc" }).returning();
    const id = row!.id;
    await (await import("@/lib/workspaces/create-workspace")).createWorkspace(db, { ownerId: id, name: "Banc", id });
    const [plan] = await db.select().from(plans).where(eq(plans.code, "entreprise"));
    await db.insert(subscriptions).values({ workspaceId: id, planId: plan!.id, status: "active", provider: "demo" });
    await db.execute(sql`
      insert into products (workspace_id, name) select ${id}::uuid, 'Produit ' || g from generate_series(1, ${PRODUCTS}) g`);
    // k: the URL's number; its state from k's residues (h: a spread of k)
    await db.execute(sql`
      with p as (select id, row_number() over (order by id) as i from products where workspace_id = ${id}),
      u as (select p.id as product_id, (p.i - 1) * 5 + m as k, m from p cross join generate_series(1, 5) m),
      v as (select *, (k * 7919) % 1000 as h from u)
      insert into product_urls (product_id, workspace_id, name, url, tracking_frequency, paused, last_status,
        selector_lost_at, consecutive_failures, last_checked_at, next_check_at, created_at)
      select product_id, ${id}::uuid, 'Boutique ' || (k % 50),
        'https://' || case when k % 3 = 0 then 'www.' else '' end || 'boutique-' || (k % 50) || '.example/p/' || k,
        case when h < 200 then 'hourly' when h < 900 then 'daily' else 'weekly' end,
        h % 50 = 7,
        case when h % 20 = 1 then 'blocked' when h % 40 = 2 then 'no_price' when h % 100 = 3 then 'uncertain'
          when h % 100 = 4 then 'error' else 'ok' end,
        case when h % 100 = 5 then now() - interval '2 days' end,
        case when h % 20 = 1 then 3 else 0 end,
        now() - case when h % 50 = 11 then interval '9 days'
          else (case when h < 200 then interval '1 hour' when h < 900 then interval '1 day' else interval '7 days' end)
            * ((k % 97) / 100.0) end,
        now() + interval '30 minutes', now() - interval '60 days'
      from v`);
    await db.execute(sql`
      with u as (select id, url, tracking_frequency, row_number() over (order by id) as n
                   from product_urls where workspace_id = ${id}),
      g as (select g, 1 + (g::bigint * 7919) % ${URLS} as n, random() * 7 as age, random() as r,
                   exp(ln(300) + random() * ln(60)) as ms, random() * 600 as wait from generate_series(1, ${CHECKS}) g),
      t as (select u.id as url_id, u.url, u.tracking_frequency,
              now() - make_interval(secs => g.age * 86400) as created_at, g.r, g.ms, g.wait, g.g from g join u using (n))
      insert into scrape_tasks (workspace_id, url_id, url, host, status, trigger, created_at, started_at, finished_at,
        metadata, priority)
      select ${id}::uuid, url_id, url, case when g % 10 = 0 then '' else substring(url from '://([^/]+)') end,
        case when r < 0.9 then 'completed' when r < 0.98 then 'failed' else 'cancelled' end,
        case when g % 20 < 17 then 'schedule' else 'manual' end, created_at,
        created_at + make_interval(secs => wait), created_at + make_interval(secs => wait + ms / 1000),
        case when g % 20 < 17 then jsonb_build_object('prev_reading_at', created_at - (case tracking_frequency
          when 'hourly' then interval '1 hour' when 'daily' then interval '1 day' else interval '7 days' end)
          * (0.8 + (g % 7) / 10.0)) else '{}'::jsonb end,
        'low'
      from t`);
    // a few checks still waiting or running (at most one per URL)
    await db.execute(sql`
      insert into scrape_tasks (workspace_id, url_id, url, host, status, trigger, created_at, metadata, priority)
      select ${id}::uuid, id, url, substring(url from '://([^/]+)'),
        case when k % 2 = 0 then 'pending' else 'processing' end, 'schedule',
        now() - make_interval(hours => (k % 40)::int), jsonb_build_object('prev_reading_at', now() - interval '2 days'), 'low'
      from (select id, url, row_number() over (order by id) as k from product_urls where workspace_id = ${id}
             and not paused limit 2000) x`);
    await db.execute(sql`vacuum analyze product_urls`);
    await db.execute(sql`vacuum analyze scrape_tasks`);
    console.log(`données semées en ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return id;
  }

  const { getWorkspacePlan } = await import("@/lib/billing");
  const plan = await getWorkspacePlan(workspaceId, db);
  const firstPage = await health.listHealthUrls(db, workspaceId, { limit: 50 });
  const cursor = firstPage.items.at(-1)?.id;
  const cases: [string, (d: typeof db) => Promise<unknown>][] = [
    ["countHealthStates", (d) => health.countHealthStates(d, workspaceId, plan.hasAutomation)],
    ["getFreshness", (d) => health.getFreshness(d, workspaceId, plan.hasAutomation)],
    ["getShopStats", (d) => health.getShopStats(d, workspaceId)],
    ["GET /api/data-health (getHealthSummary)", (d) => health.getHealthSummary(d, workspaceId)],
    ["GET /api/data-health/urls", (d) => health.listHealthUrls(d, workspaceId, { limit: 50 })],
    ["  … ?cursor=…", (d) => health.listHealthUrls(d, workspaceId, { limit: 50, cursor })],
    ["  … ?state=late", (d) => health.listHealthUrls(d, workspaceId, { limit: 50, state: "late" })],
    ["  … ?state=up_to_date", (d) => health.listHealthUrls(d, workspaceId, { limit: 50, state: "up_to_date" })],
    ["  … ?state=blocked", (d) => health.listHealthUrls(d, workspaceId, { limit: 50, state: "blocked" })],
    [
      "  … ?shop=boutique-7.example",
      (d) => health.listHealthUrls(d, workspaceId, { limit: 50, shop: "boutique-7.example" }),
    ],
    ["digest (summarizeBrokenUrls)", (d) => health.summarizeBrokenUrls(d, workspaceId)],
  ];
  const only = values.only?.split(",");
  // EXPLAIN through auto_explain on one connection of our own, its plans sent back as notices
  const notices: string[] = [];
  const postgres = (await import("postgres")).default;
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const explainClient = postgres(process.env.DATABASE_URL, {
    max: 1,
    onnotice: (n) => notices.push(String(n.message)),
  });
  const explainDb = drizzle({ client: explainClient, casing: "snake_case" });
  if (values.explain) await explainDb.execute(sql`load 'auto_explain'`);
  for (const [label, run] of cases) {
    if (only && !only.some((o) => label.includes(o))) continue;
    if (values.explain) {
      console.log(`\n=== ${label}`);
      notices.length = 0;
      await explainDb.transaction(async (tx) => {
        for (const setting of [
          "auto_explain.log_min_duration = 0",
          "auto_explain.log_analyze = on",
          "auto_explain.log_buffers = on",
          "auto_explain.log_nested_statements = on",
          "auto_explain.log_level = notice",
        ])
          await tx.execute(sql.raw(`set local ${setting}`));
        await run(tx as unknown as typeof db);
      });
      for (const n of notices) console.log(n);
      continue;
    }
    await run(db);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t = performance.now();
      await run(db);
      times.push(performance.now() - t);
    }
    summary(label, times);
  }
  await explainClient.end();
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
