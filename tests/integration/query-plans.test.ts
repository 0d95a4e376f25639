import { randomUUID } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { onQuery } from "@/db/query-log";
import {
  alertChannelDeliveries,
  alertChannels,
  type alertEvents,
  plans,
  priceHistory,
  productUrls,
  products,
  scrapeTasks,
  subscriptions,
  workspaceMembers,
} from "@/db/schema";
import { deliverChannelMessages } from "@/lib/alerts/channels/deliver-channel-messages";
import { enqueueChannelDeliveries } from "@/lib/alerts/channels/enqueue-channel-deliveries";
import { listAlertChannels } from "@/lib/alerts/channels/list-alert-channels";
import { listChannelDeliveries } from "@/lib/alerts/channels/list-channel-deliveries";
import { loadPriceContext } from "@/lib/alerts/evaluation/load-price-context";
import { getUserStats } from "@/lib/auth/get-user-stats";
import { exportProductCsv } from "@/lib/exports/export-product-csv";
import { iterateHistoryRows } from "@/lib/exports/iterate-history-rows";
import { iterateLatestRows } from "@/lib/exports/iterate-latest-rows";
import { listPriceFlags } from "@/lib/flags/list-price-flags";
import { recordPriceFlags } from "@/lib/flags/record-price-flags";
import { getProductComparison } from "@/lib/history/get-product-comparison";
import { getChanges } from "@/lib/insights/get-changes";
import { getMerchants } from "@/lib/insights/get-merchants";
import { exportOverview } from "@/lib/insights/export-overview";
import { getOverview } from "@/lib/insights/get-overview";
import { getProductHistory } from "@/lib/history/get-product-history";
import { claimTasks } from "@/lib/jobs/claim-tasks";
import { purgeHistory } from "@/lib/jobs/purge-history";
import { recoverStuckTasks } from "@/lib/jobs/recover-stuck-tasks";
import { sweepDueUrls } from "@/lib/jobs/sweep-due-urls";
import { listPriceCandidates } from "@/lib/price-picker/list-price-candidates";
import { setPriceSource } from "@/lib/price-picker/set-price-source";
import { getProduct } from "@/lib/products/get-product";
import { resolveUser } from "@/lib/auth/resolve-user";
import { NextRequest } from "next/server";
import { browserSession, tokenIn } from "../helpers/workspaces";
import { getReportPreferences } from "@/lib/reports/get-report-preferences";
import { loadReportContent } from "@/lib/reports/load-report-content";
import { signReportUnsubscribeToken } from "@/lib/reports/report-links";
import { reportPeriod } from "@/lib/reports/report-period";
import { sendScheduledReports } from "@/lib/reports/send-scheduled-reports";
import { unsubscribeReports } from "@/lib/reports/unsubscribe-reports";
import { updateReportPreferences } from "@/lib/reports/update-report-preferences";
import { listProducts } from "@/lib/products/list-products";
import { listHealthUrls } from "@/lib/health/list-health-urls";
import { getHealthSummary } from "@/lib/health/get-health-summary";
import { summarizeBrokenUrls } from "@/lib/health/summarize-broken-urls";
import { getUrlHistory } from "@/lib/scraping/get-url-history";
import { signUp } from "../helpers/api";

// Every statement a hot path sends is EXPLAINed (sequential scans disabled, so one shows only where no index
// can serve the query): none may scan price_history sequentially nor sort a URL's whole history.

type TPlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Parent Relationship"?: string;
  Plans?: TPlanNode[];
};

const PRODUCTS = 8;
const URLS_PER_PRODUCT = 5;
const READINGS = 200;

let workspaceId: string;
let who: Awaited<ReturnType<typeof signUp>>;
let productIds: string[];
let urlIds: string[];
let historyId: number;

/** The statements `run` sends to the database, with their parameters. */
async function capture(run: () => Promise<unknown>) {
  const seen: { query: string; params: unknown[] }[] = [];
  const stop = onQuery((query, params) => {
    if (/^\s*(select|with|update|delete|insert)\b/i.test(query)) seen.push({ query, params });
  });
  try {
    await run();
  } finally {
    stop();
  }
  return seen;
}

/** `query` with its $n placeholders bound again to `params`. */
function bind(query: string, params: unknown[]): SQL {
  const parts = query.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
  return sql.join(chunks, sql``);
}

function nodes(plan: TPlanNode): TPlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/**
 * The relations whose rows flow into `plan` unbounded: its input, not its subplans (a count per row), and not
 * below a Limit (a claim sorts the few first tasks of each host, each one short index range).
 */
function unboundedInput(plan: TPlanNode): string[] {
  if (plan["Node Type"] === "Limit") return [];
  const input = (plan.Plans ?? []).filter((c) => !["SubPlan", "InitPlan"].includes(c["Parent Relationship"] ?? ""));
  return [...(plan["Relation Name"] ? [plan["Relation Name"]] : []), ...input.flatMap(unboundedInput)];
}

/** What is wrong with the plans of the statements `run` sends, e.g. ["Seq Scan on price_history: select …"]. */
async function planProblems(
  run: () => Promise<unknown>,
  strict: string[] = [],
  options: { sorts: boolean; sorted?: string[] } = { sorts: false },
) {
  const statements = await capture(run);
  expect(statements.length).toBeGreaterThan(0);
  const db = await getDb();
  const problems: string[] = [];
  for (const { query, params } of statements) {
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const [row] = await queryRows<{ "QUERY PLAN": unknown }>(tx, sql`explain (format json) ${bind(query, params)}`);
      const json = row!["QUERY PLAN"];
      return (typeof json === "string" ? JSON.parse(json) : json) as { Plan: TPlanNode }[];
    });
    const all = nodes(plan[0]!.Plan);
    if (process.env.PLAN_DEBUG) console.log(query, JSON.stringify(plan[0]!.Plan, null, 1));
    const short = query.replace(/\s+/g, " ").slice(0, 120);
    for (const n of all) {
      if (n["Node Type"] === "Seq Scan" && ["price_history", ...strict].includes(n["Relation Name"] ?? "")) {
        problems.push(`Seq Scan on ${n["Relation Name"]}: ${short}`);
      }
      if (!options.sorts && n["Node Type"] === "Sort" && nodes(n).some((c) => c["Relation Name"] === "price_history")) {
        problems.push(`Sort of price_history: ${short}`);
      }
      // tables read in an index's order: a sort of their rows means the whole queue (or all due URLs) is read
      const sorted = n["Node Type"] === "Sort" ? unboundedInput(n).find((r) => options.sorted?.includes(r)) : undefined;
      if (sorted) problems.push(`Sort of ${sorted}: ${short}`);
    }
  }
  return problems;
}

beforeAll(async () => {
  const db = await getDb();
  who = await signUp();
  ({ workspaceId } = who);
  const [plan] = await db.select().from(plans).where(eq(plans.code, "entreprise"));
  await db
    .update(subscriptions)
    .set({ planId: plan!.id, status: "active" })
    .where(eq(subscriptions.workspaceId, workspaceId));
  await db.execute(sql`
    insert into products (workspace_id, name, reference_price)
    select ${workspaceId}::uuid, 'Produit ' || g, 30 + g from generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`
    insert into product_urls (product_id, workspace_id, name, url, next_check_at)
    select p.id, p.workspace_id, 'Marchand ' || m, 'https://m' || m || '.example/' || p.id, now() - interval '1 minute'
      from products p cross join generate_series(1, ${URLS_PER_PRODUCT}) m where p.workspace_id = ${workspaceId}`);
  await db.execute(sql`
    insert into price_history (url_id, price, currency, available, created_at)
    select u.id, 10 + g % 50, 'EUR', true, now() - make_interval(hours => g)
      from product_urls u cross join generate_series(1, ${READINGS}) g where u.workspace_id = ${workspaceId}`);
  await db.execute(sql`analyze`);
  productIds = (await db.select({ id: products.id }).from(products).where(eq(products.workspaceId, workspaceId))).map(
    (r) => r.id,
  );
  urlIds = (
    await db.select({ id: productUrls.id }).from(productUrls).where(eq(productUrls.workspaceId, workspaceId))
  ).map((r) => r.id);
  const [h] = await queryRows<{ id: number }>(
    db,
    sql`select id from price_history where url_id = ${urlIds[0]} order by created_at desc, id desc limit 1 offset 5`,
  );
  historyId = Number(h!.id);
  await db
    .insert(scrapeTasks)
    .values(
      urlIds
        .slice(0, 10)
        .map((urlId) => ({ workspaceId, urlId, productId: productIds[0]!, url: "https://m1.example/x" })),
    );
});

/** The plan nodes of each statement `run` sends (sequential scans disabled: the seeded tables are small). */
async function planNodes(run: () => Promise<unknown>) {
  const db = await getDb();
  const out: TPlanNode[][] = [];
  for (const { query, params } of await capture(run)) {
    const json = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const [row] = await queryRows<{ "QUERY PLAN": unknown }>(tx, sql`explain (format json) ${bind(query, params)}`);
      return row!["QUERY PLAN"];
    });
    out.push(nodes(((typeof json === "string" ? JSON.parse(json) : json) as { Plan: TPlanNode }[])[0]!.Plan));
  }
  return out;
}

describe("query plans of the hot paths (no sequential scan of price_history, no sort of a URL's history)", () => {
  it("authentication: a token or a session cookie, with the workspace and role, one indexed query", async () => {
    const auth = ["api_tokens", "sessions", "users", "workspace_members", "subscriptions"];
    const token = await tokenIn(workspaceId, who.userId);
    const bearer = new NextRequest("http://localhost/", { headers: { authorization: `Bearer ${token}` } });
    expect(await capture(() => resolveUser(bearer))).toHaveLength(2); // the lookup, and last_used_at once a minute
    expect(await planProblems(() => resolveUser(bearer), auth)).toEqual([]);
    const cookie = new NextRequest("http://localhost/", { headers: { cookie: await browserSession(who) } });
    expect(await capture(() => resolveUser(cookie))).toHaveLength(1);
    expect(await planProblems(() => resolveUser(cookie), auth)).toEqual([]);
  });

  it("products list, product, dashboard", async () => {
    // the list is one query over products and product_urls' latest_* columns: indexes on both
    expect(await planProblems(() => listProducts(workspaceId), ["products", "product_urls"])).toEqual([]);
    expect(await planProblems(() => getProduct(workspaceId, productIds[0]!))).toEqual([]);
    expect(await planProblems(() => getUserStats(workspaceId))).toEqual([]);
  });

  it("dashboard counts: one primary-key read of workspace_counts, never a count of products or URLs", async () => {
    const [statement, ...others] = await planNodes(() => getUserStats(workspaceId));
    expect(others).toEqual([]);
    expect(statement!.filter((n) => n["Relation Name"]).map((n) => [n["Relation Name"], n["Index Name"]])).toEqual([
      ["workspace_counts", "workspace_counts_pkey"],
    ]);
    expect(await getUserStats(workspaceId)).toEqual({ products: PRODUCTS, active_urls: PRODUCTS * URLS_PER_PRODUCT });
  });

  it("changes: each URL's baseline is one index-only range of the covering latest-reading index", async () => {
    const db = await getDb();
    await db.execute(sql`vacuum analyze price_history`);
    const plans = await planNodes(() => getChanges(workspaceId, { period: "week", kind: "all", limit: 100 }));
    const probes = plans.flat().filter((n) => n["Index Name"] === "price_history_url_latest_idx");
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.map((n) => n["Node Type"])).toEqual(probes.map(() => "Index Only Scan"));
  });

  it("overview: the catalogue's product count is the workspace_counts row, not a count of products", async () => {
    const scans = (
      await planNodes(() => getOverview(workspaceId, { position: "all", sort: "gap_to_cheapest", limit: 10 }))
    ).flat();
    expect(scans.filter((n) => n["Relation Name"] === "workspace_counts").map((n) => n["Index Name"])).toEqual([
      "workspace_counts_pkey",
    ]);
  });

  it("changes: only the changed URLs are ranked, only the picked rows join their names and addresses", async () => {
    const plans = await planNodes(() => getChanges(workspaceId, { period: "week", kind: "all", limit: 100 }));
    type TNode = TPlanNode & { "CTE Name"?: string; Filter?: string };
    const windows = (plans.flat() as TNode[]).filter((n) => n["Node Type"] === "WindowAgg");
    expect(windows.length).toBeGreaterThan(0);
    for (const w of windows) {
      // a window over the classified URLs reads only those with a change (its peers are never the unchanged)
      const scans = (nodes(w) as TNode[]).filter((n) => n["Node Type"] === "CTE Scan");
      for (const scan of scans.filter((n) => n["CTE Name"] === "c")) expect(scan.Filter ?? "").toMatch(/change_kind/);
    }
  });

  it("history page (first page and with a cursor), chart, comparison", async () => {
    expect(await planProblems(() => getUrlHistory(workspaceId, urlIds[0]!, { limit: 11 }))).toEqual([]);
    expect(await planProblems(() => getUrlHistory(workspaceId, urlIds[0]!, { limit: 11, before: historyId }))).toEqual(
      [],
    );
    // the chart groups the range's readings (or price_daily's days) into time buckets in SQL: it sorts those,
    // never scans a table; a bucket's first and last days are primary-key probes of price_daily
    const chart = { sorts: true };
    const strict = ["price_daily", "product_urls"];
    expect(await planProblems(() => getProductHistory(workspaceId, productIds[0]!, "7d"), strict, chart)).toEqual([]);
    expect(await planProblems(() => getProductHistory(workspaceId, productIds[0]!, "30d"), strict, chart)).toEqual([]);
    expect(await planProblems(() => getProductHistory(workspaceId, productIds[0]!, "all"), strict, chart)).toEqual([]);
    expect(await planProblems(() => getProductComparison(workspaceId, productIds[0]!))).toEqual([]);
  });

  it("market view: overview (latest copy, price_daily probes for the trend), merchants, changes", async () => {
    // products and URLs through their indexes, the trend one primary-key probe of market_trend per product and
    // day, else of price_daily per URL
    const strict = ["products", "product_urls", "price_daily", "market_trend"];
    expect(
      await planProblems(() => getOverview(workspaceId, { position: "all", sort: "gap_to_cheapest" }), strict),
    ).toEqual([]);
    expect(await planProblems(() => getMerchants(workspaceId, { sort: "cheapest_rate" }), strict)).toEqual([]);
    expect(
      await planProblems(() => getChanges(workspaceId, { period: "week", kind: "all", limit: 100 }), strict),
    ).toEqual([]);
  });

  it("latest and history exports and the alert context of a new reading", async () => {
    const db = await getDb();
    const urls = urlIds.map((id) => ({ id, name: "M", url: "https://m.example/" }));
    const drain = async () => {
      for await (const _ of iterateLatestRows(db, urls, new Date(Date.now() - 365 * 86_400_000))) void _;
    };
    expect(await planProblems(drain)).toEqual([]);
    const drainHistory = async () => {
      for await (const _ of iterateHistoryRows(db, urls, new Date(Date.now() - 365 * 86_400_000), 40)) void _;
    };
    // no seq scan; sorts allowed: the head statement orders at most 40 rows per URL, and a page near the end of
    // a history may be planned as a bitmap scan and a sort of the few rows left past its keyset
    expect(await planProblems(drainHistory, [], { sorts: true })).toEqual([]);
    expect(await planProblems(() => loadPriceContext(db, historyId))).toEqual([]);
  });

  it("all-products exports read the catalogue's URLs by keyset pages of products_workspace_export_idx", async () => {
    // a catalogue of several pages (in a tiny one the planner rightly sorts a few products)
    const big = await signUp();
    const db = await getDb();
    await db.execute(sql`
      insert into products (workspace_id, name) select ${big.workspaceId}::uuid, 'Article ' || g from generate_series(1, 2000) g`);
    await db.execute(sql`
      insert into product_urls (product_id, workspace_id, name, url)
      select p.id, p.workspace_id, 'M', 'https://m.example/' || p.id from products p where p.workspace_id = ${big.workspaceId}`);
    await db.execute(sql`analyze products`);
    await db.execute(sql`analyze product_urls`);
    const drain = (kind: "latest" | "history") => async () => {
      await (await exportProductCsv(big.workspaceId, null, kind, "standard")).text();
    };
    for (const kind of ["latest", "history"] as const) {
      expect(await planProblems(drain(kind), ["products", "product_urls"], { sorts: true })).toEqual([]);
      // four pages of 500 products and the empty one that ends them, each one range of the export index
      const pages = (await planNodes(drain(kind))).filter((plan) =>
        plan.some((n) => n["Relation Name"] === "products"),
      );
      expect(pages.map((plan) => plan.some((n) => n["Index Name"] === "products_workspace_export_idx"))).toEqual(
        Array(5).fill(true),
      );
    }
  });

  it("claim, stuck-task recovery, sweep and purge go through indexes", async () => {
    const strict = ["scrape_tasks"];
    // a claim reads a short range of scrape_tasks_claim_idx per host, a sweep batch one range of
    // product_urls_due_idx: neither sorts the queue
    const ranges = { sorts: false, sorted: ["scrape_tasks", "product_urls"] };
    expect(await planProblems(() => claimTasks("plans-1", { limit: 1 }), strict, ranges)).toEqual([]);
    expect(await planProblems(() => claimTasks("plans-4", { limit: 4 }), strict, ranges)).toEqual([]);
    expect(await planProblems(() => recoverStuckTasks(), strict)).toEqual([]);
    const sweep = () => sweepDueUrls({ batchSize: 10, maxBatches: 3 });
    expect(await planProblems(sweep, ["scrape_tasks", "product_urls"], ranges)).toEqual([]);
    expect(await planProblems(() => purgeHistory())).toEqual([]);
  });

  it("promotion checks of a new reading and the flags list", async () => {
    const db = await getDb();
    await db.update(products).set({ minAdvertisedPrice: "30.00" }).where(eq(products.workspaceId, workspaceId));
    // 40 days of history on the first URL (its window is complete), a crossed-out price on five latest readings
    await db.insert(priceHistory).values({
      urlId: urlIds[0]!,
      price: "10.00",
      currency: "EUR",
      available: true,
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const readings = await db
      .insert(priceHistory)
      .values(
        urlIds
          .slice(0, URLS_PER_PRODUCT)
          .map((urlId) => ({ urlId, price: "20.00", regularPrice: "99.00", currency: "EUR", available: true })),
      )
      .returning({ id: priceHistory.id });
    for (const r of readings) await recordPriceFlags(db, r.id);
    const open = await listPriceFlags(workspaceId, { status: "open", limit: 50 });
    expect(open.filter((f) => f.kind === "below_min_advertised")).toHaveLength(URLS_PER_PRODUCT);
    // every URL saw a price below 99 € in its window: proof enough, whole window (the first) or not
    const suspect = open.filter((f) => f.kind === "suspect_promotion");
    expect(suspect.map((f) => f.url_id).sort()).toEqual(urlIds.slice(0, URLS_PER_PRODUCT).sort());
    expect(suspect.find((f) => f.url_id === urlIds[0])!.evidence).toMatchObject({ whole_window: true });
    expect(suspect.find((f) => f.url_id === urlIds[1])!.evidence).toMatchObject({ whole_window: false });
    expect(await planProblems(() => recordPriceFlags(db, readings[0]!.id))).toEqual([]);
    // a window's lowest reading is looked up among its readings at that price: a few rows, maybe sorted
    expect(await planProblems(() => recordPriceFlags(db, readings[1]!.id), [], { sorts: true })).toEqual([]);
    const strict = ["price_flags"];
    expect(await planProblems(() => listPriceFlags(workspaceId, { status: "open", limit: 50 }), strict)).toEqual([]);
    const filtered = {
      status: "all" as const,
      limit: 50,
      kind: "suspect_promotion" as const,
      product_id: productIds[0],
    };
    expect(await planProblems(() => listPriceFlags(workspaceId, filtered), strict)).toEqual([]);
  });
  it("market view with filters, its exports, and the scheduled report job", async () => {
    const strict = ["products", "product_urls", "price_daily"];
    const filtered = { position: "dearer", q: "Produit 1", sort: "name", order: "asc" } as const;
    expect(await planProblems(() => getOverview(workspaceId, filtered), strict)).toEqual([]);
    expect(
      await planProblems(() => getChanges(workspaceId, { period: "day", kind: "drop", limit: 5 }), strict),
    ).toEqual([]);
    const all = { position: "all", sort: "gap_to_cheapest" } as const;
    const read = async (res: Promise<Response>) => (await res).arrayBuffer();
    expect(await planProblems(() => read(exportOverview(workspaceId, all, { type: "csv", dialect: "excel" })))).toEqual(
      [],
    );
    expect(await planProblems(() => read(exportOverview(workspaceId, all, { type: "xlsx" })))).toEqual([]);
    expect(await planProblems(() => loadReportContent(workspaceId, reportPeriod("weekly", new Date())))).toEqual([]);
    const member = { id: who.userId, workspaceId };
    expect(await planProblems(() => updateReportPreferences(member, { frequency: "weekly" }))).toEqual([]);
    expect(await planProblems(() => getReportPreferences(member))).toEqual([]);
    expect(await planProblems(() => sendScheduledReports())).toEqual([]);
    expect(
      await planProblems(() => unsubscribeReports(signReportUnsubscribeToken({ workspaceId, userId: who.userId }))),
    ).toEqual([]);
    const db = await getDb();
    expect(
      await db
        .select({ frequency: workspaceMembers.reportFrequency })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, who.userId))),
    ).toEqual([{ frequency: "off" }]);
  });

  it("alert channels: list, delivery log, deliveries of a new alert and the retry job; the price picker", async () => {
    const db = await getDb();
    const [channel] = await db
      .insert(alertChannels)
      .values({ workspaceId, kind: "webhook", name: "ERP", url: "http://127.0.0.1:9/hook", secret: "whsec_plans" })
      .returning();
    const payload = { type: "test", alert: { kind_label: "Baisse de prix", product_name: "Produit 1" } };
    await db.insert(alertChannelDeliveries).values(
      Array.from({ length: 30 }, (_, i) => ({
        channelId: channel!.id,
        workspaceId,
        payload,
        status: i < 3 ? ("pending" as const) : ("sent" as const),
        nextAttemptAt: new Date(Date.now() - 60_000),
      })),
    );
    await db.execute(sql`analyze alert_channel_deliveries`);
    const strict = ["alert_channel_deliveries", "alert_channels"];
    expect(await planProblems(() => listAlertChannels(workspaceId), strict)).toEqual([]);
    expect(await planProblems(() => listChannelDeliveries(workspaceId, channel!.id, 20), strict)).toEqual([]);
    const event = { id: randomUUID(), ruleId: randomUUID(), workspaceId } as typeof alertEvents.$inferSelect;
    expect(await planProblems(() => enqueueChannelDeliveries(db, event), strict)).toEqual([]);
    // the minute sweep (JOBS.retryChannelDeliveries): due rows through the (status, next_attempt_at) index
    expect(await planProblems(() => deliverChannelMessages({ db }), strict)).toEqual([]);
    const [url] = await db.select().from(productUrls).where(eq(productUrls.id, urlIds[0]!));
    const strictUrls = ["product_urls"];
    expect(await planProblems(() => listPriceCandidates(workspaceId, url!.productId, url!.id), strictUrls)).toEqual([]);
    expect(await planProblems(() => setPriceSource(workspaceId, url!.productId, url!.id, { automatic: true }))).toEqual(
      [],
    );
  });

  it("data health: the URL list pages through (workspace_id, id), filtered or not, without a scan or a sort", async () => {
    // a catalogue of 5,000 URLs beside the 40 seeded above, in one workspace
    const db = await getDb();
    await db.execute(sql`
      insert into product_urls (product_id, workspace_id, name, url, last_status, paused)
      select ${productIds[1]}::uuid, ${workspaceId}::uuid, 'Marchand ' || g, 'https://www.shop' || (g % 50) || '.example/' || g,
        (array['ok', 'blocked', 'no_price', 'uncertain'])[1 + g % 4], g % 20 = 0
      from generate_series(1, 5000) g`);
    await db.execute(sql`analyze product_urls`);
    const [mid] = await queryRows<{ id: string }>(
      db,
      sql`select id from product_urls where workspace_id = ${workspaceId} order by id offset 2500 limit 1`,
    );
    const queries = [
      { limit: 50 },
      { limit: 50, cursor: mid!.id },
      { limit: 50, state: "blocked" as const, cursor: mid!.id },
      { limit: 50, shop: "shop7.example" },
      { limit: 50, state: "late" as const },
    ];
    for (const q of queries) {
      const list = () => listHealthUrls(db, workspaceId, q);
      expect(await planProblems(list, ["product_urls", "products"])).toEqual([]);
      const [statement] = (await capture(list)).filter((c) => c.query.includes("product_urls"));
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
          tx,
          sql`explain (format json) ${bind(statement!.query, statement!.params)}`,
        );
        const json = row!["QUERY PLAN"];
        return (typeof json === "string" ? JSON.parse(json) : json) as { Plan: TPlanNode }[];
      });
      const all = nodes(plan[0]!.Plan);
      const indexes = all.filter(
        (n) => n["Relation Name"] === "product_urls" || n["Node Type"] === "Bitmap Index Scan",
      );
      const names = indexes.map((n) => (n as { "Index Name"?: string })["Index Name"]).filter(Boolean);
      if (q.state) {
        // the URLs of the state needing a fix, or the late ones' ranges, of this workspace only (partial indexes),
        // then the page's few (tests/integration/data-health-list-plans.test.ts: a page's rows only)
        expect(names).toContain(
          q.state === "late" ? "product_urls_workspace_late_idx" : "product_urls_workspace_broken_state_idx",
        );
        expect(names).not.toContain("product_urls_workspace_id_idx");
      }
      // a filter the planner cannot estimate may read the workspace's URLs and sort them: never another's
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(/^product_urls_workspace_/);
      if (!q.state && !q.shop) {
        expect(names).toEqual(["product_urls_workspace_id_idx"]);
        expect(all.map((n) => n["Node Type"])).not.toContain("Sort");
      }
    }
    // the header: counts, freshness (scrape_tasks by workspace and date) and shops, through indexes
    expect(
      await planProblems(() => getHealthSummary(db, workspaceId), ["product_urls", "scrape_tasks"], { sorts: true }),
    ).toEqual([]);
    // ... and none reads every check of the workspace, nor counts its URLs state by state: the checks not finished
    // yet, the rollups, the late ones' ranges (the URLs needing a fix may be read through product_urls_workspace_idx
    // when, as here, most of them do)
    for (const run of [() => getHealthSummary(db, workspaceId), () => summarizeBrokenUrls(db, workspaceId)]) {
      const read = (await planNodes(run)).flat().flatMap((n) => (n["Index Name"] ? [n["Index Name"]] : []));
      // waiting or running tasks only (a partial index of them, whichever the planner finds fewest), never the
      // indexes of every task
      const everyTask = [
        "scrape_tasks_pkey",
        "scrape_tasks_workspace_created_idx",
        "scrape_tasks_url_idx",
        "scrape_tasks_product_idx",
        "scrape_tasks_status_run_idx",
      ];
      expect(read.filter((name) => everyTask.includes(name))).toEqual([]);
      expect(read).toContain("product_urls_workspace_late_idx");
      expect(read).not.toContain("product_urls_workspace_id_idx");
    }
    const header = (await planNodes(() => getHealthSummary(db, workspaceId))).flat();
    const relations = new Set(header.map((n) => n["Relation Name"]).filter(Boolean));
    expect(relations).toContain("shop_check_days");
    expect(relations).toContain("shop_url_counts");
  });
});
