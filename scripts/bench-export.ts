// npm run bench:export – streams a 100,000-row 'Historique complet' (CSV both dialects, then XLSX) and prints
// rows/s and peak RSS. A measurement, not a test: nothing is asserted. BENCH_ROWS changes the size.
import { performance } from "node:perf_hooks";

process.env.PGLITE_DIR ??= "memory://";
if (!process.env.BENCH_DATABASE_URL) delete process.env.DATABASE_URL;
else process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
process.env.JOBS_DISABLED = "1";

const ROWS = Number(process.argv[2] ?? process.env.BENCH_ROWS ?? 100_000);
const URLS = 10;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} Mo`;

async function main() {
  const { sql } = await import("drizzle-orm");
  const { getDb, closeDb } = await import("@/db");
  const { users, products, productUrls, subscriptions, plans } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const { exportProductCsv } = await import("@/lib/exports/export-product-csv");
  const { exportProductXlsx } = await import("@/lib/exports/export-product-xlsx");

  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${Date.now()}@exemple.fr`, passwordHash: "x" })
    .returning();
  await (await import("@/lib/workspaces/create-workspace")).createWorkspace(db, {
    ownerId: user!.id,
    name: "Banc",
    id: user!.id,
  });
  const [plan] = await db.select().from(plans).where(eq(plans.code, "entreprise"));
  await db
    .insert(subscriptions)
    .values({ workspaceId: user!.id, planId: plan!.id, status: "active", provider: "demo" });
  const [product] = await db
    .insert(products)
    .values({ workspaceId: user!.id, name: "Banc d'essai export" })
    .returning();
  const perUrl = Math.ceil(ROWS / URLS);
  const t0 = performance.now();
  for (let i = 0; i < URLS; i++) {
    const [url] = await db
      .insert(productUrls)
      .values({
        workspaceId: user!.id,
        productId: product!.id,
        name: `Marchand ${i + 1}`,
        url: `https://marchand-${i + 1}.example/produit/123`,
      })
      .returning();
    await db.execute(sql`
      insert into price_history (url_id, price, currency, available, created_at)
      select ${url!.id}::uuid, case when g % 37 = 0 then null else round((100 + (g % 500) / 7.0)::numeric, 2) end, 'EUR',
             g % 37 <> 0, now() - (g || ' minutes')::interval
        from generate_series(1, ${perUrl}) as g`);
  }
  console.log(
    `données : ${perUrl * URLS} relevés sur ${URLS} URLs insérés en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  async function measure(label: string, make: () => Promise<Response>, countRows: boolean) {
    if (global.gc) global.gc();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const heapBase = process.memoryUsage().heapUsed;
    let heapPeak = heapBase;
    const sample = () => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
    };
    const timer = setInterval(sample, 20);
    const start = performance.now();
    const res = await make();
    const reader = res.body!.getReader();
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (countRows) for (const b of value) if (b === 10) lines++;
      sample();
    }
    clearInterval(timer);
    const seconds = (performance.now() - start) / 1000;
    const rows = countRows ? lines - 1 : perUrl * URLS;
    console.log(
      `${label.padEnd(24)} ${String(rows).padStart(7)} lignes  ${mb(bytes).padStart(9)}  ${seconds.toFixed(2)} s  ` +
        `${Math.round(rows / seconds).toLocaleString("fr-FR")} lignes/s  RSS avant ${mb(baseline)}, pic ` +
        `${mb(peak)} (+${mb(peak - baseline)})  ` +
        `tas JS pic +${mb(heapPeak - heapBase)}`,
    );
  }

  await measure("CSV excel (défaut)", () => exportProductCsv(user!.id, product!.id, "history", "excel"), true);
  await measure("CSV standard", () => exportProductCsv(user!.id, product!.id, "history", "standard"), true);
  await measure("XLSX (2 feuilles)", () => exportProductXlsx(user!.id, product!.id), false);
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
