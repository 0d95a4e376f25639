// npm run bench:feed – runs a 20,000-line Google Merchant feed served by a local fake server three times (all
// new, all unchanged, then half of it gone) through the run-feed steps, and prints per run the steps, the longest
// step, the CPU time and the peak RSS. A measurement, not a test: nothing is asserted. BENCH_ROWS changes the size;
// BENCH_DATABASE_URL runs it on PostgreSQL instead of the embedded database.
import { performance } from "node:perf_hooks";

process.env.PGLITE_DIR ??= "memory://";
if (!process.env.BENCH_DATABASE_URL) delete process.env.DATABASE_URL;
else process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
process.env.JOBS_DISABLED = "1";
process.env.SCRAPER_ALLOW_PRIVATE_HOSTS = "true";

const ROWS = Number(process.argv[2] ?? process.env.BENCH_ROWS ?? 20_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} Mo`;

async function main() {
  const { eq } = await import("drizzle-orm");
  const { getDb, closeDb } = await import("@/db");
  const { users, subscriptions, plans, catalogFeeds, catalogFeedRuns } = await import("@/db/schema");
  const { loadFeedRun, writeFeedBatch, finishFeedRun } = await import("@/lib/feeds");
  const { googleXml } = await import("../tests/fixtures/feed-files");
  const { startFeedServer } = await import("../tests/fixtures/feed-server");

  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${Date.now()}@exemple.fr`, passwordHash: "x" })
    .returning();
  const workspaceId = user!.id;
  await (await import("@/lib/workspaces/create-workspace")).createWorkspace(db, {
    ownerId: user!.id,
    name: "Banc",
    id: workspaceId,
  });
  const [plan] = await db.select().from(plans).where(eq(plans.code, "entreprise"));
  await db.insert(subscriptions).values({ workspaceId, planId: plan!.id, status: "active", provider: "demo" });

  const items = Array.from({ length: ROWS }, (_, i) => ({
    sku: `REF-${String(i).padStart(6, "0")}`,
    name: `Produit d'essai n° ${i} – robot pâtissier`,
    ean: "",
    brand: `Marque ${i % 50}`,
    price: `${(10 + (i % 500) / 7).toFixed(2)}`,
    category: `Maison > Cuisine > Rayon ${i % 30}`,
  }));
  const server = await startFeedServer();
  const [feed] = await db
    .insert(catalogFeeds)
    .values({ workspaceId, name: "Banc", source: "url", url: `${server.url}/flux.xml`, frequency: "daily" })
    .returning();

  async function run(label: string, served: typeof items) {
    server.serve("/flux.xml", googleXml(served), { type: "application/xml" });
    const [queued] = await db
      .insert(catalogFeedRuns)
      .values({ workspaceId, feedId: feed!.id, trigger: "manual" })
      .returning();
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const steps: { name: string; ms: number }[] = [];
    const step = async <T>(name: string, fn: () => Promise<T>) => {
      const s = performance.now();
      const out = await fn();
      steps.push({ name, ms: performance.now() - s });
      return out;
    };
    await step("load", () => loadFeedRun(queued!.id));
    let n = 0;
    while (await step(`lot-${n}`, () => writeFeedBatch(queued!.id))) n++;
    await step("finish", () => finishFeedRun(queued!.id));
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(timer);
    const [done] = await db.select().from(catalogFeedRuns).where(eq(catalogFeedRuns.id, queued!.id));
    const lots = steps.filter((s) => s.name.startsWith("lot-"));
    const longest = steps.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.log(
      `${label}: ${done!.status}, ${JSON.stringify(done!.counts)}\n` +
        `  CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)}, sys ` +
        `${(cpu.system / 1e6).toFixed(1)}), mur ${(wall / 1000).toFixed(1)} s, RSS max ${mb(peak)}\n` +
        `  ${steps.length} étapes : load ${steps[0]!.ms.toFixed(0)} ms, ${lots.length} lots de 500 ` +
        `(médiane ${lots
          .map((l) => l.ms)
          .sort((a, b) => a - b)
          [lots.length >> 1]?.toFixed(0)} ms), finish ` +
        `${steps[steps.length - 1]!.ms.toFixed(0)} ms ; la plus longue : ${longest.name} ${longest.ms.toFixed(0)} ms`,
    );
  }

  console.log(`${ROWS} lignes, ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
  await run("1re exécution (tout nouveau)", items);
  await run("2e exécution (tout inchangé)", items);
  await run("3e exécution (la moitié absente du flux)", items.slice(0, ROWS / 2));
  await server.close();
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
