import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { onQuery } from "@/db/query-log";
import { getChanges } from "@/lib/insights/get-changes";
import { signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";

// The changes are classified, counted and ranked in SQL and only a page of them reaches Node: the counts and total
// cover every change whatever the page, lines of equal size at the page's edge all come so that the French name
// order decides, a currency is compared as toOffer reads it, a new cheapest merchant is found among URLs that moved.
let workspaceId: string;

beforeAll(async () => {
  ({ workspaceId } = await signUp());
  await subscribe(workspaceId, "professionnel");
  const drop = async (name: string, before: string, after: string, currency = "EUR") => {
    const p = await seedProduct(workspaceId, name, null);
    const u = await seedUrl(workspaceId, p.id, "Fnac", `https://www.fnac.com/${encodeURIComponent(name)}`);
    await seedHistory(u.id, [
      { price: before, currency, at: daysAgo(2) },
      { price: after, at: daysAgo(0, 2) },
    ]);
  };
  await drop("Zèbre", "100.00", "90.00");
  await drop("Écran", "100.00", "90.00");
  await drop("Enceinte", "100.00", "90.00");
  await drop("Agrafeuse", "200.00", "150.00");
  await drop("Câble", "10.00", "8.00", "eur");
  const lamp = await seedProduct(workspaceId, "Lampe", null);
  for (const [name, before, after] of [
    ["Fnac", "50.00", "60.00"],
    ["Darty", "55.00", "54.00"],
    ["Boulanger", "70.00", "80.00"],
  ] as const) {
    const u = await seedUrl(workspaceId, lamp.id, name, `https://www.${name.toLowerCase()}.com/lampe`);
    await seedHistory(u.id, [
      { price: before, at: daysAgo(2) },
      { price: after, at: daysAgo(0, 3) },
    ]);
  }
});

const summary = (c: { kind: string; product_name: string; merchant: string; change_percent: string | null }) =>
  [c.kind, c.product_name, c.merchant, c.change_percent].join(" ");
const counts = { drop: 6, rise: 2, out_of_stock: 0, back_in_stock: 0, new_cheapest: 1 };

it("a full day: every change in order, counted", async () => {
  const all = await getChanges(workspaceId, { period: "day", kind: "all", limit: 500 });
  expect(all.changes.map(summary)).toEqual([
    "drop Agrafeuse Fnac -25.00",
    "drop Câble Fnac -20.00",
    "drop Écran Fnac -10.00",
    "drop Enceinte Fnac -10.00",
    "drop Zèbre Fnac -10.00",
    "drop Lampe Darty -1.82",
    "rise Lampe Fnac 20.00",
    "rise Lampe Boulanger 14.29",
    "new_cheapest Lampe Darty 8.00",
  ]);
  expect(all).toMatchObject({ total: 9, counts });
  expect(all.changes[8]).toMatchObject({ previous_merchant: "Fnac", before_price: "50.00", after_price: "54.00" });
});

it("a page cut among lines of equal size keeps the French name order; counts and total ignore the page", async () => {
  const drops = await getChanges(workspaceId, { period: "day", kind: "drop", limit: 4 });
  expect(drops.changes.map(summary)).toEqual([
    "drop Agrafeuse Fnac -25.00",
    "drop Câble Fnac -20.00",
    "drop Écran Fnac -10.00",
    "drop Enceinte Fnac -10.00",
  ]);
  expect(drops).toMatchObject({ total: 6, counts });
  const cheapest = await getChanges(workspaceId, { period: "day", kind: "new_cheapest", limit: 1 });
  expect(cheapest.changes.map(summary)).toEqual(["new_cheapest Lampe Darty 8.00"]);
  expect(cheapest).toMatchObject({ total: 1, counts });
  const first = await getChanges(workspaceId, { period: "day", kind: "all", limit: 1 });
  expect(first.changes.map(summary)).toEqual(["drop Agrafeuse Fnac -25.00"]);
  expect(first).toMatchObject({ total: 9, counts });
});

describe("offers: the amount on the basis, the seller, and only the URLs that changed", () => {
  let ws: string;
  const offer = (seller: string, price: string, buyBox = false) => ({ seller, price, buyBox, condition: "new" });
  beforeAll(async () => {
    ({ workspaceId: ws } = await signUp());
    await subscribe(ws, "professionnel");
    // the buy-box goes from TechShop at 100 € to MegaStore at 90 €, on the same marketplace page
    const casque = await seedProduct(ws, "Casque", null);
    const amazon = await seedUrl(ws, casque.id, "Amazon", "https://www.amazon.fr/dp/casque");
    await seedHistory(amazon.id, [
      { price: "100.00", at: daysAgo(2), offers: [offer("TechShop", "100.00", true), offer("MegaStore", "104.00")] },
      { price: "90.00", at: daysAgo(0, 2), offers: [offer("TechShop", "95.00"), offer("MegaStore", "90.00", true)] },
    ]);
    // same price, another seller holds the buy-box: a new cheapest merchant, on the same domain
    const enceinte = await seedProduct(ws, "Enceinte", null);
    const cdiscount = await seedUrl(ws, enceinte.id, "Cdiscount", "https://www.cdiscount.com/enceinte");
    await seedHistory(cdiscount.id, [
      { price: "40.00", at: daysAgo(2), offers: [offer("Vendeur A", "40.00", true), offer("Vendeur B", "41.00")] },
      { price: "40.00", at: daysAgo(0, 2), offers: [offer("Vendeur A", "43.00"), offer("Vendeur B", "40.00", true)] },
    ]);
    const darty = await seedUrl(ws, enceinte.id, "Darty", "https://www.darty.com/enceinte");
    await seedHistory(darty.id, [{ price: "45.00", at: daysAgo(3) }]);
    // the item price stays, the shipping drops from 5 € to free: a drop on the 'total' basis only
    const lampe = await seedProduct(ws, "Lampe", null);
    const fnac = await seedUrl(ws, lampe.id, "Fnac", "https://www.fnac.com/lampe");
    await seedHistory(fnac.id, [
      { price: "50.00", shipping: "5.00", at: daysAgo(2) },
      { price: "50.00", shipping: "0.00", at: daysAgo(0, 2) },
    ]);
    // ten products read today but unchanged for three days
    for (let i = 0; i < 10; i++) {
      const p = await seedProduct(ws, `Stable ${i}`, null);
      const u = await seedUrl(ws, p.id, "Boulanger", `https://www.boulanger.com/stable-${i}`);
      await seedHistory(u.id, [
        { price: "20.00", at: daysAgo(3) },
        { price: "20.00", at: daysAgo(1, 1) },
        { price: "20.00", at: daysAgo(0, 1) },
      ]);
    }
  });

  const line = (c: { kind: string; product_name: string; seller: string | null; previous_seller: string | null }) =>
    [c.kind, c.product_name, c.previous_seller, c.seller].join(" ");

  it("a buy-box gone to another seller says so; a new seller at the cheapest price is a new cheapest merchant", async () => {
    const day = await getChanges(ws, { period: "day", kind: "all", limit: 50 });
    // a merchant is the domain and, on a marketplace, the seller: the headphones' cheapest merchant changed too
    expect(day.changes.map(line)).toEqual([
      "drop Casque TechShop MegaStore",
      "new_cheapest Casque TechShop MegaStore",
      "new_cheapest Enceinte Vendeur A Vendeur B",
    ]);
    expect(day.changes[0]).toMatchObject({ merchant: "Amazon", before_price: "100.00", after_price: "90.00" });
    expect(day.changes[2]).toMatchObject({ merchant: "Cdiscount", previous_merchant: "Cdiscount", change: "0.00" });
    expect(day).toMatchObject({ basis: "price", total: 3, counts: { drop: 1, rise: 0, new_cheapest: 2 } });
  });

  it("on the 'total' basis the shipping counts: a free delivery is a drop", async () => {
    const total = await getChanges(ws, { period: "day", kind: "drop", limit: 50, basis: "total" });
    expect(total.changes.map((c) => [c.product_name, c.before_price, c.after_price, c.change_percent])).toEqual([
      ["Casque", "100.00", "90.00", "-10.00"],
      ["Lampe", "55.00", "50.00", "-9.09"],
    ]);
    expect(total).toMatchObject({ basis: "total", total: 2, counts: { drop: 2, rise: 0 } });
  });

  it("a URL whose value has not changed within the period, or changed once, is not probed", async () => {
    const seen: { query: string; params: unknown[] }[] = [];
    const stop = onQuery((query, params) => {
      if (/price_history_url_latest_idx|price_history h/.test(query)) seen.push({ query, params });
    });
    try {
      await getChanges(ws, { period: "day", kind: "all", limit: 50 });
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
    const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
      await getDb(),
      sql`explain (analyze, format json) ${bound}`,
    );
    const json = row!["QUERY PLAN"];
    type TNode = { "Relation Name"?: string; "Index Name"?: string; "Actual Loops"?: number; Plans?: TNode[] };
    const plan = ((typeof json === "string" ? JSON.parse(json) : json) as { Plan: TNode }[])[0]!.Plan;
    const all = (n: TNode): TNode[] => [n, ...(n.Plans ?? []).flatMap(all)];
    // no probe: the 3 URLs that changed each have their previous value, begun before the day, as baseline (a URL
    // that changed twice within it is probed: insights-changes-baseline.test.ts); not Darty, steady beside a
    // changed URL (its latest reading is its baseline), nor the 10 others, whose products are not read either
    const loops = (relation: string, index: string) =>
      all(plan)
        .filter((n) => n["Relation Name"] === relation && n["Index Name"] === index)
        .map((n) => n["Actual Loops"] ?? 0);
    expect(loops("price_history", "price_history_url_latest_idx")).toEqual([0, 0]);
    expect(Math.max(...loops("product_urls", "product_urls_workspace_changed_idx"))).toBe(1);
  });
});

it("a URL steady since before the retention cutoff is probed: unread before the period, it is no cheapest of then", async () => {
  const { workspaceId: ws } = await signUp();
  await subscribe(ws, "professionnel");
  const p = await seedProduct(ws, "Bouilloire", null);
  const fnac = await seedUrl(ws, p.id, "Fnac", "https://www.fnac.com/bouilloire");
  await seedHistory(fnac.id, [
    { price: "50.00", at: daysAgo(2) },
    { price: "60.00", at: daysAgo(0, 2) },
  ]);
  // 45 € since before the 90 days the plan keeps, read again only today: its first retained reading is today's
  const darty = await seedUrl(ws, p.id, "Darty", "https://www.darty.com/bouilloire");
  await seedHistory(darty.id, [
    { price: "45.00", at: daysAgo(120) },
    { price: "45.00", at: daysAgo(0, 1) },
  ]);
  const day = await getChanges(ws, { period: "day", kind: "all", limit: 50 });
  expect(day.changes.map(summary)).toEqual(["rise Bouilloire Fnac 20.00", "new_cheapest Bouilloire Darty -10.00"]);
  expect(day.changes[1]).toMatchObject({ previous_merchant: "Fnac", before_price: "50.00", after_price: "45.00" });
});

it("a steady URL counts in its product's cheapest then and now: kept, it keeps the merchant; overtaken, it is the new one", async () => {
  const { workspaceId: ws } = await signUp();
  await subscribe(ws, "professionnel");
  const steadyBeside = async (name: string, before: string, after: string, steady: string) => {
    const p = await seedProduct(ws, name, null);
    const fnac = await seedUrl(ws, p.id, "Fnac", `https://www.fnac.com/${name}`);
    await seedHistory(fnac.id, [
      { price: before, at: daysAgo(2) },
      { price: after, at: daysAgo(0, 2) },
    ]);
    const darty = await seedUrl(ws, p.id, "Darty", `https://www.darty.com/${name}`);
    await seedHistory(darty.id, [
      { price: steady, at: daysAgo(5) },
      { price: steady, at: daysAgo(0, 1) },
    ]);
  };
  // Darty at 30 € is the cheapest then and now: the drop at Fnac changes no cheapest merchant
  await steadyBeside("Grille-pain", "50.00", "40.00", "30.00");
  // Fnac at 40 € was the cheapest, Darty at 45 € is now
  await steadyBeside("Mixeur", "40.00", "50.00", "45.00");
  const day = await getChanges(ws, { period: "day", kind: "all", limit: 50 });
  expect(day.changes.map(summary)).toEqual([
    "drop Grille-pain Fnac -20.00",
    "rise Mixeur Fnac 25.00",
    "new_cheapest Mixeur Darty 12.50",
  ]);
  expect(day.changes[2]).toMatchObject({ previous_merchant: "Fnac", before_price: "40.00", after_price: "45.00" });
});
