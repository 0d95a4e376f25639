import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { onQuery } from "@/db/query-log";
import { listHealthUrls } from "@/lib/health/list-health-urls";
import type { THealthListQuery, THealthState } from "@/lib/health/schemas";
import { alertsUser } from "./alerts-fixtures";

// The data-health URL list at size on PostgreSQL: one workspace of 20,000 URLs (2,000 on the embedded database),
// half of them late, beside a small one. Every page, filtered on each state or not, first or after a cursor, is
// EXPLAIN (ANALYZE, BUFFERS)ed as the planner chooses: no sequential scan of product_urls, and the entries it reads
// of product_urls bounded by the page (3 × 51 for a merge of the 3 frequencies' ranges), whatever the catalogue.

const URLS = process.env.TEST_DATABASE_URL ? 20_000 : 2_000;
const LIMIT = process.env.TEST_DATABASE_URL ? 50 : 20;
const MAX_READ = 3 * (LIMIT + 1) + 5;

type TPlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: TPlanNode[];
};

const nodes = (plan: TPlanNode): TPlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

function bind(query: string, params: unknown[]): SQL {
  const parts = query.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
  return sql.join(chunks, sql``);
}

let workspaceId: string;

beforeAll(async () => {
  const db = await getDb();
  ({ workspaceId } = await alertsUser("professionnel"));
  const other = (await alertsUser("professionnel")).workspaceId;
  for (const [ws, n] of [
    [workspaceId, URLS],
    [other, 300],
  ] as const) {
    await db.execute(sql`
      insert into products (workspace_id, name) select ${ws}::uuid, 'Produit ' || g from generate_series(1, ${n / 5}) g`);
    // one statement: frequencies in turn, about half late (checked long ago), 5 % each of the states needing a fix
    await db.execute(sql`
      insert into product_urls (product_id, workspace_id, name, url, tracking_frequency, last_status, paused,
        selector_lost_at, last_checked_at, created_at)
      select p.id, p.workspace_id, 'Marchand ' || m, 'https://m' || m || '.example/' || p.id,
        (array['hourly', 'daily', 'weekly'])[1 + (g + m) % 3],
        case when g % 20 = 1 then 'blocked' when g % 20 = 2 then 'no_price' when g % 20 = 3 then 'uncertain'
          when g % 20 = 4 then 'pending' else 'ok' end,
        g % 20 = 5, case when g % 20 = 6 then now() end,
        case when g % 20 = 4 then null when (g + m) % 2 = 0 then now() - make_interval(mins => (g * 7 + m) % 600)
          else now() - make_interval(hours => 200 + (g * 13 + m) % 500) end,
        now() - interval '60 days'
      from (select p.*, (row_number() over (order by p.id))::int as g from products p where p.workspace_id = ${ws}) p
        cross join generate_series(1, 5) m`);
  }
  await db.execute(sql`vacuum analyze product_urls`);
}, 120_000);

/** What one list call sends to product_urls, EXPLAIN (ANALYZE, BUFFERS)ed: the problems found, and the result. */
async function planOf(query: THealthListQuery) {
  const db = await getDb();
  const seen: { query: string; params: unknown[] }[] = [];
  const stop = onQuery((q, params) => {
    if (/product_urls/.test(q) && /^\s*select\b/i.test(q)) seen.push({ query: q, params });
  });
  let result: Awaited<ReturnType<typeof listHealthUrls>>;
  try {
    result = await listHealthUrls(db, workspaceId, query);
  } finally {
    stop();
  }
  expect(seen).toHaveLength(1);
  const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
    db,
    sql`explain (analyze, buffers, format json) ${bind(seen[0]!.query, seen[0]!.params)}`,
  );
  const json = row!["QUERY PLAN"];
  const plan = ((typeof json === "string" ? JSON.parse(json) : json) as { Plan: TPlanNode }[])[0]!.Plan;
  if (process.env.PLAN_DEBUG) console.log(JSON.stringify(query), JSON.stringify(plan, null, 1));
  const scans = nodes(plan).filter(
    (n) => n["Relation Name"] === "product_urls" || n["Node Type"] === "Bitmap Index Scan",
  );
  const problems: string[] = [];
  let read = 0;
  for (const n of scans) {
    if (!/^Index (Only )?Scan$/.test(n["Node Type"])) problems.push(`${n["Node Type"]} on product_urls`);
    read += ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0)) * (n["Actual Loops"] ?? 1);
  }
  if (read > MAX_READ) problems.push(`${read} rows of product_urls read for a page of ${query.limit}`);
  return { problems, result: result!, buffers: (plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0) };
}

describe(`data-health list at ${URLS} URLs: a page reads its own rows`, () => {
  const states: (THealthState | undefined)[] = [
    undefined,
    "late",
    "up_to_date",
    "blocked",
    "not_found",
    "uncertain",
    "rule_lost",
    "paused",
  ];

  it("the fixture has every state, half of the URLs late", async () => {
    const db = await getDb();
    const { countHealthStates } = await import("@/lib/health");
    const counts = Object.fromEntries(
      (await countHealthStates(db, workspaceId, true)).map((c) => [c.state, c.count] as const),
    );
    expect(counts.late).toBeGreaterThan(URLS * 0.4);
    for (const state of states) if (state) expect(counts[state]).toBeGreaterThan(LIMIT * 2);
  });

  it("each state filter and none, first page and two pages on: index scans of about the page's rows", async () => {
    for (const state of states) {
      let cursor: string | undefined;
      for (let page = 0; page < 3; page += 1) {
        const query: THealthListQuery = { limit: LIMIT, ...(state ? { state } : {}), ...(cursor ? { cursor } : {}) };
        const { problems, result, buffers } = await planOf(query);
        expect(problems, JSON.stringify(query)).toEqual([]);
        // the page's rows, their products' names and a few index pages: not the workspace's URLs
        expect(buffers, JSON.stringify(query)).toBeLessThan(20 * LIMIT);
        expect(result.items).toHaveLength(LIMIT);
        if (state) expect(result.items.every((i) => i.state === state)).toBe(true);
        cursor = result.next_cursor ?? undefined;
        expect(cursor).toBeDefined();
      }
    }
  });
});
