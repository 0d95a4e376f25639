import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { onQuery } from "@/db/query-log";
import { priceHistory, productUrls } from "@/db/schema";
import { getChanges } from "@/lib/insights/get-changes";
import { signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";

// A URL whose value began within the period and the previous one before it takes that previous value
// (product_urls.prev_*, kept by the price_history triggers of migration 0041) as baseline, unprobed: each case
// below gives a wrong line if prev_* or the choice of the unprobed baseline is wrong.
let ws: string;

beforeAll(async () => {
  ({ workspaceId: ws } = await signUp());
  await subscribe(ws, "professionnel"); // 90 days of history
});

/** One reading per statement (the scrape path), returning its id. */
async function read(urlId: string, price: string, at: Date, kind: "reading" | "correction" = "reading") {
  const db = await getDb();
  const [row] = await db
    .insert(priceHistory)
    .values({ urlId, price, currency: "EUR", available: true, createdAt: at, kind })
    .returning({ id: priceHistory.id });
  return row!.id;
}

async function urlOf(name: string) {
  const p = await seedProduct(ws, name, null);
  return (await seedUrl(ws, p.id, "Fnac", `https://www.fnac.com/${encodeURIComponent(name)}`)).id;
}

const lines = async (period: "day" | "week" = "day") =>
  (await getChanges(ws, { period, kind: "all", limit: 100 })).changes
    .filter((c) => c.kind !== "new_cheapest")
    .map((c) => [c.product_name, c.kind, c.before_price, c.after_price].join(" "));

it("one change within the period: the previous value is the baseline, as the readings say", async () => {
  const db = await getDb();
  const url = await urlOf("Once");
  const began = daysAgo(3);
  await read(url, "100.00", began);
  await read(url, "100.00", daysAgo(2));
  await read(url, "80.00", daysAgo(0, 2));
  const [row] = await db.select().from(productUrls).where(eq(productUrls.id, url));
  expect(row).toMatchObject({ prevPrice: "100.00", prevChangedAt: began, prevAvailable: true });
  expect((await lines()).filter((l) => l.startsWith("Once"))).toEqual(["Once drop 100.00 80.00"]);
});

it("several changes within the period: compared with the value before it, back to it is no change", async () => {
  const twice = await urlOf("Twice");
  await read(twice, "100.00", daysAgo(2));
  await read(twice, "90.00", daysAgo(0, 12));
  await read(twice, "80.00", daysAgo(0, 2));
  const back = await urlOf("Back");
  await read(back, "100.00", daysAgo(2));
  await read(back, "90.00", daysAgo(0, 12));
  await read(back, "100.00", daysAgo(0, 2));
  // several values in one statement after an earlier one
  const batch = await urlOf("Batch");
  await read(batch, "100.00", daysAgo(3));
  await seedHistory(batch, [
    { price: "90.00", at: daysAgo(1, 6) },
    { price: "80.00", at: daysAgo(0, 2) },
  ]);
  const day = (await lines()).filter((l) => /^(Twice|Back|Batch) /.test(l));
  expect(day.sort()).toEqual(["Batch drop 90.00 80.00", "Twice drop 100.00 80.00"]);
});

it("a reading arriving out of order before the period becomes the baseline", async () => {
  const url = await urlOf("Late");
  await read(url, "100.00", daysAgo(3));
  await read(url, "80.00", daysAgo(0, 2));
  await read(url, "90.00", daysAgo(1, 12));
  expect((await lines()).filter((l) => l.startsWith("Late"))).toEqual(["Late drop 90.00 80.00"]);
});

it("corrections: a corrected previous run, and a corrected latest reading followed by its raw value again", async () => {
  const db = await getDb();
  // 50 €, then 70 € read by mistake, corrected to 60 €: the 60 € shown today continues the corrected run
  const fixed = await urlOf("Fixed");
  await read(fixed, "50.00", daysAgo(3));
  const wrong = await read(fixed, "70.00", daysAgo(1, 12));
  const fix = await read(fixed, "60.00", daysAgo(0, 2), "correction");
  await db.update(priceHistory).set({ correctedBy: fix }).where(eq(priceHistory.id, wrong));
  // the latest reading (70 €) corrected to 60 €: a new 70 € reading is a new value (the raw latest copy says
  // otherwise)
  const relapse = await urlOf("Relapse");
  await read(relapse, "50.00", daysAgo(4));
  const sixty = await read(relapse, "60.00", daysAgo(3));
  const seventy = await read(relapse, "70.00", daysAgo(2));
  await db.update(priceHistory).set({ correctedBy: sixty }).where(eq(priceHistory.id, seventy));
  await read(relapse, "70.00", daysAgo(0, 2));
  const day = (await lines()).filter((l) => /^(Fixed|Relapse) /.test(l));
  expect(day).toEqual(["Relapse rise 60.00 70.00"]);
});

it("a previous value begun before the retention cutoff is probed: without a retained reading then, no baseline", async () => {
  const url = await urlOf("Ancient");
  await read(url, "40.00", daysAgo(120));
  await read(url, "50.00", daysAgo(0, 2));
  const kept = await urlOf("Kept");
  await read(kept, "40.00", daysAgo(120));
  await read(kept, "40.00", daysAgo(2));
  await read(kept, "50.00", daysAgo(0, 2));
  const day = (await lines()).filter((l) => /^(Ancient|Kept) /.test(l));
  expect(day).toEqual(["Kept rise 40.00 50.00"]);
});

it("only the URLs whose previous value began within the period or before the cutoff are probed (plan)", async () => {
  const seen: { query: string; params: unknown[] }[] = [];
  const stop = onQuery((query, params) => {
    if (/price_history h/.test(query)) seen.push({ query, params });
  });
  try {
    await getChanges(ws, { period: "day", kind: "all", limit: 100 });
  } finally {
    stop();
  }
  expect(seen).toHaveLength(1);
  const { query, params } = seen[0]!;
  const parts = query.split(/\$(\d+)\b/);
  const bound = sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)),
    sql``,
  );
  const [row] = await queryRows<{ "QUERY PLAN": unknown }>(await getDb(), sql`explain (analyze, format json) ${bound}`);
  const json = row!["QUERY PLAN"];
  type TNode = { "Index Name"?: string; "Actual Loops"?: number; Plans?: TNode[] };
  const plan = ((typeof json === "string" ? JSON.parse(json) : json) as { Plan: TNode }[])[0]!.Plan;
  const all = (n: TNode): TNode[] => [n, ...(n.Plans ?? []).flatMap(all)];
  // of the 8 URLs whose value began within the day (Fixed's began before it), Twice, Back, Ancient and Kept are
  // probed, Ancient twice (no retained reading before the day); Once, Batch, Late, Relapse are not
  const probes = all(plan).filter((n) => n["Index Name"] === "price_history_url_latest_idx");
  expect(probes.map((n) => n["Actual Loops"])).toEqual([4, 1]);
});
