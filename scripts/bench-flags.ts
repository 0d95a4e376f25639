// DATABASE_URL=postgres://… npm run bench:flags [-- --rows 1000000]
// Seeds one tenant of 200 products × 5 URLs with hourly readings (1,000,000 by default) whose last 100 readings
// show a crossed-out price (a reduction running for 100 hours, with 30 days of history before it) and a minimum
// advertised price on every product; then times the promotion checks of each URL's latest reading (the work
// added to recording a reading) and the flags list (GET /api/insights/flags). A measurement: nothing is asserted.
import { performance } from "node:perf_hooks";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const ROWS = Number(arg("rows", "1000000"));
const PRODUCTS = 200;
const URLS = PRODUCTS * 5;
const PER_URL = Math.ceil(ROWS / URLS);
const EMAIL = `bench-flags-${ROWS}@veilleprix.test`;

function summary(label: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  console.log(`${label.padEnd(48)} n=${sorted.length}  p50 ${at(0.5)} ms  p99 ${at(0.99)} ms`);
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL est requis (base PostgreSQL de mesure)");
  const { sql, eq } = await import("drizzle-orm");
  const { getDb, closeDb, queryRows } = await import("@/db");
  const { plans, products, subscriptions, users } = await import("@/db/schema");
  const { recordPriceFlags } = await import("@/lib/flags/record-price-flags");
  const { listPriceFlags } = await import("@/lib/flags/list-price-flags");
  const db = await getDb();
  await db.delete(users).where(eq(users.email, EMAIL));
  const t0 = performance.now();
  const [user] = await db.insert(users).values({ email: EMAIL, passwordHash: "x", firstName: "Banc" }).returning();
  const userId = user!.id;
  await (await import("@/lib/workspaces/create-workspace")).createWorkspace(db, {
    ownerId: userId,
    name: "Banc",
    id: userId,
  });
  const [plan] = await db.select().from(plans).where(eq(plans.code, "entreprise"));
  await db.insert(subscriptions).values({ workspaceId: userId, planId: plan!.id, status: "active", provider: "demo" });
  await db.execute(sql`
    insert into products (workspace_id, name, min_advertised_price)
    select ${userId}::uuid, 'Produit ' || g, 60 from generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`
    insert into product_urls (product_id, workspace_id, name, url)
    select p.id, p.workspace_id, 'Marchand ' || m, 'https://marchand-' || m || '.example/p/' || p.id
      from products p cross join generate_series(1, 5) m where p.workspace_id = ${userId}`);
  await db.execute(sql`
    insert into price_history (url_id, price, regular_price, currency, available, created_at)
    select u.id, round((40 + (g * 7 + u.n) % 100 + 0.99)::numeric, 2),
           case when g <= 100 then 199.99 end, 'EUR', true, now() - make_interval(hours => g)
      from (select id, row_number() over (order by id) as n from product_urls where workspace_id = ${userId}) u
     cross join generate_series(1, ${PER_URL}) g`);
  await db.execute(sql`vacuum analyze price_history`);
  console.log(
    `données : ${(PER_URL * URLS).toLocaleString("fr-FR")} relevés en ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );

  const latest = await queryRows<{ id: string }>(
    db,
    sql`select latest_reading_id as id from product_urls where workspace_id = ${userId} and latest_reading_id is not null`,
  );
  const productIds = (await db.select({ id: products.id }).from(products).where(eq(products.workspaceId, userId))).map(
    (p) => p.id,
  );
  const first: number[] = [];
  for (const { id } of latest) {
    const t = performance.now();
    await recordPriceFlags(db, Number(id));
    first.push(performance.now() - t);
  }
  summary("contrôles d'un relevé (ouvre les signalements)", first);
  const again: number[] = [];
  for (const { id } of latest) {
    const t = performance.now();
    await recordPriceFlags(db, Number(id));
    again.push(performance.now() - t);
  }
  summary("contrôles d'un relevé (signalements déjà ouverts)", again);
  const [n] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from price_flags where workspace_id = ${userId}`,
  );
  console.log(`signalements ouverts : ${n!.n}`);
  for (const [label, query] of [
    ["GET /api/insights/flags (ouverts, 50)", { status: "open", limit: 50 }],
    ["  … ?kind=suspect_promotion&status=all&limit=100", { status: "all", kind: "suspect_promotion", limit: 100 }],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const t = performance.now();
      await listPriceFlags(userId, query);
      times.push(performance.now() - t);
    }
    summary(label, times);
  }
  const byProduct: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const t = performance.now();
    await listPriceFlags(userId, { status: "all", limit: 50, product_id: productIds[i % productIds.length] });
    byProduct.push(performance.now() - t);
  }
  summary("  … ?product_id=…", byProduct);
  await db.delete(users).where(eq(users.id, userId));
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
