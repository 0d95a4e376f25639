import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { products } from "@/db/schema";
import { getOverview, type TOverviewLine } from "@/lib/insights/get-overview";
import { OVERVIEW_SORTS, POSITIONS } from "@/lib/insights/schemas";
import { basisPoints, sortLines } from "@/lib/insights/sort-lines";
import { signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";

// The overview's lines are filtered, sorted and paged in SQL (lib/insights/load-positions.ts): every sort, both
// ways, must give the order of the rules (sortLines: missing values last, ties by name), pages must neither skip
// nor repeat a line, the last page is short, and another workspace's products never show.

let workspaceId: string;

/** name, 'mon prix', the URLs' latest prices (null: out of stock) */
const CATALOGUE: [string, string | null, (string | null)[]][] = [
  ["Alpha", "100.00", ["100.00", "120.00"]], // aligned, gap 0
  ["Bravo", "100.00", ["100.00", "120.00"]], // same keys as Alpha: a tie
  ["Charlie", "120.00", ["100.00"]], // dearer, +20 %
  ["Delta", "80.00", ["100.00", "140.00"]], // cheapest, −20 %
  ["Écho", "90.00", []], // no market: missing gaps
  ["Foxtrot", "90.00", [null]], // out of stock only: no market either
  ["Golf", null, ["50.00"]], // no 'mon prix': not a line
  ["Hôtel", "100.50", ["100.00"]], // aligned, +0.5 %
  ["India", "80.00", ["100.00", "140.00"]], // the same as Delta
];

const keyOf: Record<(typeof OVERVIEW_SORTS)[number], (l: TOverviewLine) => number | string | null> = {
  gap_to_cheapest: (l) => basisPoints(l.gap_to_cheapest_percent),
  gap_to_average: (l) => basisPoints(l.gap_to_average_percent),
  price_index: (l) => basisPoints(l.price_index),
  position: (l) => POSITIONS.indexOf(l.position),
  name: (l) => l.name.toLocaleLowerCase("fr"),
};

beforeAll(async () => {
  ({ workspaceId } = await signUp());
  await subscribe(workspaceId, "professionnel");
  for (const [name, mine, prices] of CATALOGUE) {
    const product = await seedProduct(workspaceId, name, mine);
    for (const [i, price] of prices.entries()) {
      const url = await seedUrl(workspaceId, product.id, `Marchand ${i}`, `https://m${i}.example/${product.id}`);
      await seedHistory(url.id, [{ price, available: price !== null, at: daysAgo(0, 1) }]);
    }
  }
  // another workspace with products whose names and keys would sort among these
  const other = (await signUp()).workspaceId;
  for (const name of ["Alpha bis", "Zoulou"]) {
    const product = await seedProduct(other, name, "10.00");
    const url = await seedUrl(other, product.id, "Marchand", `https://m.example/${product.id}`);
    await seedHistory(url.id, [{ price: "50.00", at: daysAgo(0, 1) }]);
  }
});

describe("the overview's lines in SQL", () => {
  it("every sort, both ways, in the rules' order; pages of 2 cover it without gap nor repeat", async () => {
    for (const sort of OVERVIEW_SORTS) {
      for (const order of ["asc", "desc"] as const) {
        const all = await getOverview(workspaceId, { position: "all", sort, order, limit: 500 });
        expect(all.total_lines).toBe(8);
        expect(all.products.map((l) => l.name)).toEqual(
          sortLines(all.products, keyOf[sort], order, (l) => l.name).map((l) => l.name),
        );
        const paged: string[] = [];
        for (let offset = 0; offset < 8; offset += 3) {
          const page = await getOverview(workspaceId, { position: "all", sort, order, limit: 3, offset });
          expect(page).toMatchObject({ total_lines: 8, offset });
          paged.push(...page.products.map((l) => l.name));
        }
        expect(paged, `${sort} ${order}`).toEqual(all.products.map((l) => l.name));
      }
    }
  });

  it("ties by name; missing values last both ways; the last page is short; past the end is empty", async () => {
    const names = async (order: "asc" | "desc", limit = 500, offset = 0) =>
      (await getOverview(workspaceId, { position: "all", sort: "gap_to_cheapest", order, limit, offset })).products.map(
        (l) => l.name,
      );
    expect(await names("desc")).toEqual(["Charlie", "Hôtel", "Alpha", "Bravo", "Delta", "India", "Écho", "Foxtrot"]);
    expect(await names("asc")).toEqual(["Delta", "India", "Alpha", "Bravo", "Hôtel", "Charlie", "Écho", "Foxtrot"]);
    expect(await names("desc", 3, 6)).toEqual(["Écho", "Foxtrot"]);
    expect(await names("desc", 3, 8)).toEqual([]);
  });

  it("filters by position and by name (case and accents folded), with their total; the summary stays whole", async () => {
    const dearer = await getOverview(workspaceId, { position: "aligned", sort: "name", limit: 1 });
    expect(dearer.products.map((l) => l.name)).toEqual(["Alpha"]);
    expect(dearer.total_lines).toBe(3);
    expect(dearer.summary).toMatchObject({
      products: 9,
      with_reference_price: 8,
      compared: 6,
      positions: { cheapest: 2, aligned: 3, dearer: 1, no_market: 2 },
    });
    const hotel = await getOverview(workspaceId, { position: "all", sort: "name", q: "HOTEL" });
    expect(hotel.products.map((l) => l.name)).toEqual(["Hôtel"]);
    expect(hotel.total_lines).toBe(1);
    // the products screen's search: SKU, brand, EAN too, every word anywhere
    const db = await getDb();
    await db.update(products).set({ sku: "HTL-77", brand: "Maisonnée" }).where(eq(products.name, "Hôtel"));
    for (const q of ["htl-77", "maisonnee hotel", "hôtel MAISON"])
      expect(
        (await getOverview(workspaceId, { position: "all", sort: "name", q })).products.map((l) => l.name),
      ).toEqual(["Hôtel"]);
    expect((await getOverview(workspaceId, { position: "all", sort: "name", q: "hotel zz" })).total_lines).toBe(0);
    const none = await getOverview(workspaceId, { position: "all", sort: "name", q: "Zoulou" });
    expect(none).toMatchObject({ total_lines: 0, products: [] });
    const summaryOnly = await getOverview(workspaceId, { position: "all", sort: "name", limit: 0 });
    expect(summaryOnly).toMatchObject({ total_lines: 8, products: [] });
  });
});
