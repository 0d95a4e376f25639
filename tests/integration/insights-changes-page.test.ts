import { beforeAll, expect, it } from "vitest";
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
