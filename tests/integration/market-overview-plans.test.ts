import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { onQuery } from "@/db/query-log";
import { getChanges } from "@/lib/insights/get-changes";
import { getMerchants } from "@/lib/insights/get-merchants";
import { getOverview } from "@/lib/insights/get-overview";
import { OVERVIEW_SORTS, type TOverviewQuery } from "@/lib/insights/schemas";
import { signUp } from "../helpers/api";

// The overview's page at the size (20,000 products × 5 URLs on PostgreSQL, 2,000 on the embedded
// database) beside a small workspace: each sort in its default direction is one range of its product_market index,
// EXPLAIN ANALYZEd as the planner chooses: the page reads its own rows (offset + limit), never the catalogue.

const PRODUCTS = process.env.TEST_DATABASE_URL ? 20_000 : 2_000;
const URLS_PER_PRODUCT = 5;
const GROWING = ["products", "product_urls", "product_market"];

type TPlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: TPlanNode[];
};

let workspaceId: string;

const nodes = (plan: TPlanNode): TPlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

function bind(query: string, params: unknown[]): SQL {
  const parts = query.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
  return sql.join(chunks, sql``);
}

/** The analyzed plan of the statement reading the page (the one ordering by the lines' keys). */
async function pagePlan(query: TOverviewQuery) {
  const seen: { query: string; params: unknown[] }[] = [];
  const stop = onQuery((text, params) => {
    if (/^\s*select\b/i.test(text) && /order by/i.test(text) && /product_market/.test(text))
      seen.push({ query: text, params });
  });
  try {
    await getOverview(workspaceId, query);
  } finally {
    stop();
  }
  expect(seen).toHaveLength(1);
  return analyzed(seen[0]!);
}

async function analyzed(statement: { query: string; params: unknown[] }) {
  const db = await getDb();
  const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
    db,
    sql`explain (analyze, format json) ${bind(statement.query, statement.params)}`,
  );
  const json = row!["QUERY PLAN"];
  if (process.env.PLAN_DEBUG) console.log(statement.query, JSON.stringify(json, null, 1));
  return nodes(((typeof json === "string" ? JSON.parse(json) : json) as { Plan: TPlanNode }[])[0]!.Plan);
}

/** The rows a plan reads from `tables`, and whether it reads any other growing table. */
function reads(plan: TPlanNode[], tables: string[]) {
  const scans = plan.filter((n) => n["Relation Name"]);
  return {
    rows: scans
      .filter((n) => tables.includes(n["Relation Name"]!))
      .reduce((sum, n) => sum + (n["Actual Rows"] ?? 0) * (n["Actual Loops"] ?? 1), 0),
    growing: scans.filter((n) => GROWING.includes(n["Relation Name"]!) || n["Relation Name"] === "product_merchants"),
  };
}

beforeAll(async () => {
  const db = await getDb();
  ({ workspaceId } = await signUp());
  const small = (await signUp()).workspaceId;
  for (const [ws, n] of [
    [workspaceId, PRODUCTS],
    [small, 300],
  ] as const) {
    await db.execute(sql`
      insert into products (workspace_id, name, reference_price)
      select ${ws}::uuid, 'Produit ' || g, case when g % 10 <> 0 then 20 + (g % 300) end
        from generate_series(1, ${n}) g`);
    await db.execute(sql`
      insert into product_urls (product_id, workspace_id, name, url)
      select p.id, p.workspace_id, 'Marchand ' || m, 'https://m' || m || '.example/' || p.id
        from products p cross join generate_series(1, ${URLS_PER_PRODUCT}) m where p.workspace_id = ${ws}`);
  }
  // the latest readings as the price_history triggers leave them: product_market's triggers follow
  await db.execute(sql`
    update product_urls u set latest_reading_id = 1, latest_price = 15 + (abs(hashtext(u.id::text)) % 400),
           latest_currency = 'EUR', latest_available = abs(hashtext(u.id::text)) % 13 <> 0,
           latest_at = now() - interval '1 day'`);
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_urls`);
  await db.execute(sql`vacuum analyze product_market`);
}, 600_000);

describe(`overview page at ${PRODUCTS} products × ${URLS_PER_PRODUCT} URLs`, () => {
  it("every product has its rows; the lines are those with 'mon prix'", async () => {
    const db = await getDb();
    const [row] = await queryRows<{ n: number; lines: number }>(
      db,
      sql`select count(*)::int as n, (count(*) filter (where my_cents is not null))::int as lines
            from product_market where workspace_id = ${workspaceId} and basis = 'price'`,
    );
    expect(row).toEqual({ n: PRODUCTS, lines: PRODUCTS - PRODUCTS / 10 });
  });

  it("each sort in its default direction, first page and far in: one index range, the page's rows read", async () => {
    for (const sort of OVERVIEW_SORTS) {
      for (const offset of [0, PRODUCTS / 20]) {
        const plan = await pagePlan({ position: "all", sort, limit: 50, offset });
        const scans = plan.filter((n) => n["Relation Name"] === "product_market");
        expect(
          scans.map((n) => n["Node Type"]),
          sort,
        ).toEqual(["Index Scan"]);
        expect(scans[0]!["Index Name"]).toMatch(/^product_market_(gap|avg_gap|index|name|position)_idx$/);
        expect(scans[0]!["Actual Rows"]).toBeLessThanOrEqual(offset + 50);
        expect(plan.filter((n) => n["Node Type"] === "Seq Scan" && GROWING.includes(n["Relation Name"] ?? ""))).toEqual(
          [],
        );
        expect(plan.some((n) => n["Node Type"] === "Sort")).toBe(false);
      }
    }
  });

  it("a position filter and a search read along the same index", async () => {
    for (const query of [
      { position: "dearer", sort: "gap_to_cheapest" },
      { position: "aligned", sort: "position" },
      { position: "all", sort: "name", q: "produit 12" },
    ] as const) {
      const plan = await pagePlan({ ...query, limit: 50 });
      expect(plan.filter((n) => n["Node Type"] === "Seq Scan" && GROWING.includes(n["Relation Name"] ?? ""))).toEqual(
        [],
      );
      expect(plan.some((n) => n["Node Type"] === "Sort")).toBe(false);
    }
  });

  it("the merchants: one statement reads their tallies (O(merchants)), one row per merchant reaches Node", async () => {
    const seen: { query: string; params: unknown[] }[] = [];
    const urls: string[] = [];
    const stop = onQuery((text, params) => {
      if (/merchant_tallies|product_merchants/.test(text)) seen.push({ query: text, params });
      if (/product_urls/.test(text)) urls.push(text);
    });
    let merchants: Awaited<ReturnType<typeof getMerchants>>["merchants"];
    try {
      merchants = (await getMerchants(workspaceId, { sort: "domain" })).merchants;
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    expect(urls).toEqual([]);
    const read = reads(await analyzed(seen[0]!), ["merchant_tallies", "merchant_tally_deltas"]);
    expect(read.growing).toEqual([]);
    expect(read.rows).toBeLessThanOrEqual(50);
    expect(merchants.map((m) => [m.domain, m.urls])).toEqual([1, 2, 3, 4, 5].map((m) => [`m${m}.example`, PRODUCTS]));
    // every product has a comparable offer: each merchant is priced on all, the cheapest on some
    expect(merchants.every((m) => m.priced_products > PRODUCTS * 0.9)).toBe(true);
    expect(merchants.reduce((n, m) => n + m.cheapest_count, 0)).toBeGreaterThanOrEqual(PRODUCTS);
  });

  it("the summary: its tallies (O(positions)) and the workspace's count, whatever the catalogue", async () => {
    const seen: { query: string; params: unknown[] }[] = [];
    const stop = onQuery((text, params) => {
      if (/position_tallies/.test(text)) seen.push({ query: text, params });
    });
    let summary: Awaited<ReturnType<typeof getOverview>>["summary"];
    try {
      summary = (await getOverview(workspaceId, { position: "all", sort: "gap_to_cheapest", limit: 0 })).summary;
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    const read = reads(await analyzed(seen[0]!), ["position_tallies", "position_tally_deltas"]);
    expect(read.growing).toEqual([]);
    expect(read.rows).toBeLessThanOrEqual(20);
    expect(summary.products).toBe(PRODUCTS);
    expect(summary.with_reference_price).toBe(PRODUCTS - PRODUCTS / 10);
  });

  it("the changes read the URLs of the products that moved, by index, not the catalogue's", async () => {
    const db = await getDb();
    // a tenth of the products, whose first URL's value began an hour ago (as the price_history triggers leave it)
    const moved = PRODUCTS / 10;
    await db.execute(sql`
      update product_urls u set changed_at = now() - interval '1 hour', prev_changed_at = now() - interval '3 days',
             prev_price = u.latest_price + 1, prev_currency = 'EUR', prev_available = true
       where u.id in (select min(v.id::text)::uuid from product_urls v where v.workspace_id = ${workspaceId}
                       group by v.product_id order by 1 limit ${moved})`);
    const seen: { query: string; params: unknown[] }[] = [];
    const stop = onQuery((text, params) => {
      if (/changed_at/.test(text)) seen.push({ query: text, params });
    });
    let changes: Awaited<ReturnType<typeof getChanges>>;
    try {
      changes = await getChanges(workspaceId, { period: "day", kind: "all", limit: 50 });
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    const plan = await analyzed(seen[0]!);
    const read = reads(plan, ["product_urls"]);
    expect(read.growing.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"])).toEqual([]);
    expect(read.rows).toBeLessThanOrEqual(moved * (URLS_PER_PRODUCT + 1));
    expect(changes.counts.drop + changes.counts.out_of_stock).toBe(moved);
  });
});
