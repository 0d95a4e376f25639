// npm run bench:api [-- --products 200,20000] [--rows 1000000] [--duration 5] [--connections 50,10] [--skip-build]
//                    [--only insights] [--seed-only]
// Seeds one Entreprise tenant per size of `products` × 5 URLs (1,000,000 readings per tenant by default,
// generated in SQL and interleaved in time across URLs as production writes them: the table's physical order is
// by time, not by URL) into DATABASE_URL, or into an embedded database under .bench/ when it is unset (`--seed-only`
// stops there, to measure queries on the seeded base). Readings are hourly, or daily when hourly ones would span
// less than 30 days; prices hold as a merchant's do: most URLs keep a value for 30-180 days (about 8 % change
// within a given week), one in a hundred changes every 6 hours;
// starts the production build (`next build` first when missing) with JOBS_DISABLED=1 on a free port of
// 127.0.0.1; drives each read route and page with autocannon next to /api/health in the same run and prints
// requests/s, p50, p99, the answer's size and the ratio to that floor, the sizes side by side. A measurement,
// not a test: nothing is asserted. Bounded: each route runs `duration` seconds per size and client count.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const ROWS = Number(arg("rows", "1000000"));
const DURATION = Number(arg("duration", "5"));
const CONNECTIONS = arg("connections", "50,10").split(",").map(Number);
// routes whose name contains one of these texts (comma-separated), next to the /api/health floor (all by default)
const ONLY = arg("only", "");
const SIZES = arg("products", "200").split(",").map(Number);
const URLS_PER_PRODUCT = 5;
// the export is limited to 30 a minute per workspace: measured once per client count, one client, that many in a row
const EXPORTS = 8;
const EXPORT_ROUTE = `GET /api/exports/products.csv (derniers prix ; 1 client, ${EXPORTS} exports de suite)`;

const databaseUrl = process.env.DATABASE_URL || "";
const pgliteDir = path.join(root, ".bench", `pglite-${ROWS}`);
if (!databaseUrl) process.env.PGLITE_DIR = pgliteDir;
process.env.JOBS_DISABLED = "1";
// the seed signs the pages' session cookie with the server's key
process.env.NEXTAUTH_SECRET ||= randomBytes(24).toString("hex");

type Tenant = { products: number; token: string; cookie: string; productIds: string[]; urlIds: string[] };

async function seed(PRODUCTS: number): Promise<Tenant> {
  const URLS = PRODUCTS * URLS_PER_PRODUCT;
  const PER_URL = Math.ceil(ROWS / URLS);
  // hourly readings unless they would cover less than 30 days (20,000 products: 10 daily readings per URL)
  const STEP_HOURS = PER_URL >= 30 * 24 ? 1 : 24;
  // the seed's shape is in the address: a tenant seeded another way is not reused
  const EMAIL = `bench-api-v2-${PRODUCTS}-${ROWS}@veilleprix.test`;
  const { sql, eq } = await import("drizzle-orm");
  const { getDb, queryRows } = await import("@/db");
  const { apiTokens, plans, products, productUrls, subscriptions, users } = await import("@/db/schema");
  const { generateToken, hashToken } = await import("@/lib/auth/tokens");
  const db = await getDb();

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL));
  let userId: string | undefined = existing?.id;
  if (userId) {
    const [n] = await queryRows<{ n: string }>(
      db,
      sql`select count(*) as n from price_history h join product_urls u on u.id = h.url_id where u.workspace_id = ${userId}`,
    );
    if (Number(n?.n) !== PER_URL * URLS) {
      await db.delete(users).where(eq(users.id, userId!));
      userId = undefined;
    } else {
      console.log(`données : locataire existant réutilisé (${Number(n!.n).toLocaleString("fr-FR")} relevés)`);
    }
  }
  if (!userId) {
    const t0 = performance.now();
    const [user] = await db.insert(users).values({ email: EMAIL, passwordHash: "x", firstName: "Banc" }).returning();
    userId = user!.id;
    await (await import("@/lib/workspaces/create-workspace")).createWorkspace(db, {
      ownerId: userId,
      name: "Banc",
      id: userId,
    });
    const [plan] = await db.select().from(plans).where(eq(plans.code, "entreprise"));
    await db
      .insert(subscriptions)
      .values({ workspaceId: userId, planId: plan!.id, status: "active", provider: "demo" });
    await db.execute(sql`
      insert into products (workspace_id, name, description, created_at)
      select ${userId}::uuid, 'Produit ' || g, 'Banc d''essai ' || g, now() - make_interval(mins => g)
        from generate_series(1, ${PRODUCTS}) g`);
    await db.execute(sql`
      insert into product_urls (product_id, workspace_id, name, url, tracking_frequency, last_status, last_checked_at,
                                next_check_at, created_at)
      select p.id, p.workspace_id, 'Marchand ' || m, 'https://marchand-' || m || '.example/p/' || p.id,
             ${STEP_HOURS === 1 ? "hourly" : "daily"}::text, 'ok', now(), now() + make_interval(hours => ${STEP_HOURS}),
             p.created_at + make_interval(secs => m)
        from products p cross join generate_series(1, ${URLS_PER_PRODUCT}) m
       where p.workspace_id = ${userId}`);
    // oldest reading first and, within a step, every URL in turn (its own minute offset): the order a scheduler
    // writes them, so that one URL's readings lie on as many pages as it has readings. A URL's value is a step
    // function of time: its level is the number of `period` hours elapsed (shifted by its phase); one level in 25
    // is out of stock.
    await db.execute(sql`
      insert into price_history (url_id, price, currency, available, created_at)
      select u.id, case when v.out then null else round((40 + (v.level * 37 + u.n) % 300 + 0.99)::numeric, 2) end,
             'EUR', not v.out, r.at
        from generate_series(${PER_URL}, 1, -1) g
       cross join (select id, row_number() over (order by id) as n from product_urls where workspace_id = ${userId}) u
       cross join lateral (select case when u.n % 100 = 0 then 6 else 24 * (30 + u.n * 7919 % 151) end as period,
                                  u.n * 104729 % 4000 as phase) k
       cross join lateral (select now() - make_interval(hours => g * ${STEP_HOURS})
                                  + make_interval(secs => u.n * 3000.0 / ${URLS}) as at) r
       cross join lateral (select floor((extract(epoch from r.at) / 3600 + k.phase) / k.period)::bigint as level) l
       cross join lateral (select l.level, (l.level + u.n) % 25 = 0 as out) v
       order by g desc, u.n`);
    await db.execute(sql`vacuum analyze price_history`);
    await db.execute(sql`analyze product_urls`);
    await db.execute(sql`analyze products`);
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`données : ${(PER_URL * URLS).toLocaleString("fr-FR")} relevés sur ${URLS} URLs insérés en ${s} s`);
  }
  // 'mon prix' on every product, for the market view (idempotent on a reused tenant)
  await db.execute(sql`
    update products set reference_price = 100 + abs(hashtext(id::text)) % 200 + 0.49
     where workspace_id = ${userId} and reference_price is null`);
  // every table's statistics, as autovacuum (PostgreSQL) or the maintain-embedded-database job (PGlite) keep them
  // in a running app; this bench's server runs no job
  await db.execute(sql`analyze`);
  // what the build-market-trend and fold-market-tallies jobs keep in a running app (the Vue marché's trend of the
  // day, the folded tallies): without them the overview computes the trend per request
  const insights = await import("@/lib/insights");
  await insights.buildTrendDay(userId!, new Date());
  await db.transaction((tx) => insights.foldMarketTallies(tx));
  const token = generateToken("vpk");
  await db.insert(apiTokens).values({
    userId,
    workspaceId: userId,
    kind: "api",
    name: "bench",
    tokenHash: hashToken(token),
    prefix: token.slice(0, 10),
    expiresAt: null,
  });
  const productIds = (await db.select({ id: products.id }).from(products).where(eq(products.workspaceId, userId))).map(
    (r) => r.id,
  );
  const urlIds = (
    await db.select({ id: productUrls.id }).from(productUrls).where(eq(productUrls.workspaceId, userId))
  ).map((r) => r.id);
  const { encode } = await import("next-auth/jwt");
  const { openSession } = await import("@/lib/auth/open-session");
  // the browser's session as the sign-in's jwt callback writes it (auth-options.ts)
  const jwt = { sub: userId, email: EMAIL, firstName: "Banc", sid: await openSession(userId!) };
  const cookie = `next-auth.session-token=${await encode({ token: jwt, secret: process.env.NEXTAUTH_SECRET! })}`;
  return { products: PRODUCTS, token, cookie, productIds, urlIds };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`le serveur ne répond pas sur ${url}`);
}

/** Waits until the server has worked off the previous route's backlog (a lone health check answers fast). */
async function settle(base: string) {
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    await fetch(`${base}/api/health`).catch(() => undefined);
    if (performance.now() - t0 < 30) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Row = { rps: number; p50: number; p99: number; bytes: number; errors: number };

/** `amount`: that many requests in all (an export is limited to 30 a minute per workspace) instead of `DURATION`. */
function drive(base: string, tenant: Tenant, pick: () => string, connections: number, amount?: number): Promise<Row> {
  const path0 = pick();
  // pages open with the browser's session cookie, the API with the integration token
  const headers: Record<string, string> = path0.startsWith("/api/")
    ? { authorization: `Bearer ${tenant.token}` }
    : { cookie: tenant.cookie };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        ...(amount ? { amount } : { duration: DURATION }),
        // a slow answer is measured, not dropped as a timeout
        timeout: 120,
        headers,
        requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: pick() }) }],
      },
      (err, r) => {
        if (err) return reject(err);
        const seconds = amount ? r.duration : DURATION;
        resolve({
          bytes: r.requests.total ? r.throughput.total / r.requests.total : 0,
          // completed answers over the run (an answer slower than the run still counts once)
          rps: r.requests.total / seconds,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.non2xx + r.errors + r.timeouts,
        });
      },
    );
  });
}

async function main() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const skipBuild = process.argv.includes("--skip-build") || process.argv.includes("--seed-only");
  if (!skipBuild && !fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
    console.log("next build");
    const res = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit" });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
  console.log(`base : ${databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embarquée (${pgliteDir})`}`);
  const tenants: Tenant[] = [];
  for (const size of SIZES) tenants.push(await seed(size));
  await (await import("@/db")).closeDb();
  if (process.argv.includes("--seed-only")) return;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    APP_URL: base,
    NEXTAUTH_URL: base,
    JOBS_DISABLED: "1",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  if (!databaseUrl) env.PGLITE_DIR = pgliteDir;
  const server: ChildProcess = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, "SIGTERM");
    } catch {}
  };
  process.on("exit", stop);
  try {
    await waitFor(`${base}/api/health`, 120_000);
    const any = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const routes: [string, (t: Tenant) => string][] = [
      ["GET /api/health", () => "/api/health"],
      ["GET /api/products", () => "/api/products"],
      ["GET /api/products/{id}", (t) => `/api/products/${any(t.productIds)}`],
      ["GET /api/scraping/urls/{id}/history", (t) => `/api/scraping/urls/${any(t.urlIds)}/history`],
      [
        "  … ?limit=11&include=total (écran)",
        (t) => `/api/scraping/urls/${any(t.urlIds)}/history?limit=11&include=total`,
      ],
      ["GET /api/products/{id}/history (graphe 30 j)", (t) => `/api/products/${any(t.productIds)}/history`],
      ["  … ?range=all", (t) => `/api/products/${any(t.productIds)}/history?range=all`],
      ["GET /api/products/{id}/comparison", (t) => `/api/products/${any(t.productIds)}/comparison`],
      ["GET /api/insights/overview", () => "/api/insights/overview"],
      ["GET /api/insights/merchants", () => "/api/insights/merchants"],
      ["GET /api/insights/changes", () => "/api/insights/changes?period=week"],
      ["GET /api/insights/flags", () => "/api/insights/flags"],
      ["GET /api/users/me/stats", () => "/api/users/me/stats"],
      ["GET /api/users/me", () => "/api/users/me"],
      [EXPORT_ROUTE, () => "/api/exports/products.csv?type=latest"],
      ["page /market", () => "/market"],
      ["page /dashboard", () => "/dashboard"],
    ];
    const only = ONLY ? ONLY.split(",") : [];
    if (only.length)
      routes.splice(0, routes.length, ...routes.filter(([name], i) => i === 0 || only.some((o) => name.includes(o))));
    // warm-up: compile each route's code paths and fill caches before measuring (one export: its rate limit)
    for (const [name, pick] of routes) {
      const exported = name === EXPORT_ROUTE;
      for (const t of tenants)
        await drive(base, t, () => pick(t), exported ? 1 : 2, exported ? 1 : undefined).catch(() => undefined);
    }
    const kb = (b: number) => (b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : `${(b / 1e3).toFixed(0)} KB`);
    for (const connections of CONNECTIONS) {
      const rows: Row[][] = [];
      for (const [name, pick] of routes) {
        const row: Row[] = [];
        for (const t of tenants) {
          const exported = name === EXPORT_ROUTE;
          row.push(await drive(base, t, () => pick(t), exported ? 1 : connections, exported ? EXPORTS : undefined));
          await settle(base);
        }
        rows.push(row);
      }
      const sizes = tenants.map((t) => `${t.products.toLocaleString("fr-FR")} produits`);
      console.log(
        `\n${ROWS.toLocaleString("fr-FR")} relevés par locataire, ${connections} clients, ${DURATION} s par route (${sizes.join(" | ")})`,
      );
      console.log(`| route | ${sizes.map((s) => `${s} : req/s, p50, p99, taille, vs plancher`).join(" | ")} |`);
      console.log(`|---|${sizes.map(() => "---|").join("")}`);
      routes.forEach(([name], r) => {
        const cells = rows[r]!.map((x, k) => {
          const floor = rows[0]![k]!.rps || 1;
          const ratio = `${((100 * x.rps) / floor).toFixed(1)} %`;
          const errors = x.errors ? `, ${x.errors} erreurs` : "";
          return `${x.rps.toFixed(0)}, ${x.p50} ms, ${x.p99} ms, ${kb(x.bytes)}, ${ratio}${errors}`;
        });
        console.log(`| ${name} | ${cells.join(" | ")} |`);
      });
    }
  } finally {
    stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
