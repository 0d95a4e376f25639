import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as productHistory } from "@/app/api/products/[id]/history/route";
import { GET as productsRoute } from "@/app/api/products/route";
import { GET as historyRoute } from "@/app/api/scraping/urls/[urlId]/history/route";
import { getDb } from "@/db";
import { priceHistory, productUrls, products } from "@/db/schema";
import { call, signUp } from "../helpers/api";
import { daysAgo, seedProduct, seedUrl, subscribe } from "./history-fixtures";

const PARIS_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" });
/** Whole Europe/Paris days between the day of `t` and today. */
const parisDaysAgo = (t: Date) =>
  Math.round((Date.parse(PARIS_DAY.format(new Date())) - Date.parse(PARIS_DAY.format(t))) / 86_400_000);

type TReading = { urlId: string; price: string | null; at: Date; available?: boolean; regular?: string };

async function insert(readings: TReading[]) {
  const db = await getDb();
  await db.insert(priceHistory).values(
    readings.map((r) => ({
      urlId: r.urlId,
      price: r.price,
      currency: "EUR",
      available: r.available ?? r.price !== null,
      regularPrice: r.regular ?? null,
      createdAt: r.at,
    })),
  );
}

async function chart(token: string, productId: string, range: string, points?: string) {
  const res = await call(productHistory, `/api/products/${productId}/history`, {
    token,
    params: { id: productId },
    query: points ? { range, points } : { range },
  });
  expect(res.status).toBe(200);
  return res.json;
}

// the database is migrated once, outside the tests' time limit
beforeAll(async () => {
  await getDb();
});

describe("chart data from the daily rollup", () => {
  it("draws 30 days from price_daily: day shape, gaps, crossed-out price line and my price", async () => {
    const { token, workspaceId } = await signUp();
    await subscribe(workspaceId, "professionnel");
    const product = await seedProduct(workspaceId, "Robot", "21.50");
    const a = await seedUrl(workspaceId, product.id, "Darty");
    const b = await seedUrl(workspaceId, product.id, "Fnac");
    await insert([
      { urlId: a.id, price: "25.00", at: daysAgo(40) },
      { urlId: a.id, price: "24.00", at: daysAgo(20, 2) },
      { urlId: a.id, price: "19.00", regular: "29.00", at: daysAgo(20, 1) },
      { urlId: a.id, price: "22.00", regular: "29.00", at: daysAgo(20) },
      { urlId: a.id, price: null, at: daysAgo(10) },
      { urlId: a.id, price: "23.00", at: daysAgo(2) },
      { urlId: b.id, price: "30.00", at: daysAgo(3) },
    ]);
    const json = await chart(token, product.id, "30d");
    expect(json.grain).toBe("day");
    expect(json.reference_price).toBe(2150);
    // no minimum advertised price on this product: no such line
    expect(json.min_advertised_price).toBeNull();
    // the chart starts at a Paris midnight about 30 days ago
    const from = new Date(json.from);
    expect(new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", timeStyle: "short" }).format(from)).toBe(
      "00:00",
    );
    expect(parisDaysAgo(from)).toBe(30);
    const [darty, fnac] = json.series;
    // in force at the start (25.00), the day of three readings (first, min, last), the gap, 23.00
    expect(darty.points.map((p: [number, number | null]) => p[1])).toEqual([2500, 2400, 1900, 2200, null, 2300]);
    expect(darty.points[0][0]).toBe(from.getTime());
    expect(darty.regular.map((p: [number, number | null]) => p[1])).toEqual([2900, null]);
    expect(fnac.points.map((p: [number, number | null]) => p[1])).toEqual([3000]);
    expect(fnac.regular).toEqual([]);

    // 7 days: the readings themselves (unavailable when the week starts: no line before 23.00)
    const week = await chart(token, product.id, "7d");
    expect(week.grain).toBe("reading");
    expect(week.series[0].points.map((p: [number, number | null]) => p[1])).toEqual([2300]);
  });

  it("shows every reading of the last 7 days, even minutes apart at one price", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Grille-pain");
    const url = await seedUrl(workspaceId, product.id, "Boulanger");
    // 14 readings 5 minutes apart on one afternoon (a new product checked by hand), one price but for a drop
    const readings: TReading[] = Array.from({ length: 14 }, (_, i) => ({
      urlId: url.id,
      price: i === 6 ? "69.90" : "78.90",
      at: new Date(daysAgo(2).getTime() + i * 5 * 60_000),
    }));
    await insert(readings);
    // the chart of a 390-px screen asks for 300 points
    const week = await chart(token, product.id, "7d", "300");
    expect(week.grain).toBe("reading");
    expect(week.series[0].points).toEqual(readings.map((r) => [r.at.getTime(), Math.round(Number(r.price) * 100)]));
  });

  it("gives the price an out-of-stock reading showed, apart from the line", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Cafetière", "25.00");
    const url = await seedUrl(workspaceId, product.id, "Darty");
    const inStock = daysAgo(3);
    const outOfStock = daysAgo(1);
    await insert([
      { urlId: url.id, price: "30.00", at: inStock },
      { urlId: url.id, price: "22.99", available: false, at: outOfStock },
    ]);
    const week = await chart(token, product.id, "7d");
    expect(week.series[0].points).toEqual([
      [inStock.getTime(), 3000],
      [outOfStock.getTime(), null],
    ]);
    expect(week.series[0].out_of_stock).toEqual([[outOfStock.getTime(), 2299]]);
  });

  it("gives 30 days one entry a day with its low, high and close: a drop within a day stays seen", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Aspirateur");
    const url = await seedUrl(workspaceId, product.id, "Fnac");
    const day = daysAgo(5);
    const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000);
    // 78,90 € at 18:00, the drop to 69,90 € at 18:03 that fired the alerts, back to 78,90 € at 18:10
    await insert([
      { urlId: url.id, price: "78.90", at: daysAgo(12) },
      { urlId: url.id, price: "78.90", at: at(0) },
      { urlId: url.id, price: "69.90", at: at(3) },
      { urlId: url.id, price: "78.90", at: at(10) },
    ]);
    const json = await chart(token, product.id, "30d");
    expect(json.grain).toBe("day");
    const days: [number, number | null, number | null, number | null][] = json.series[0].days;
    const midnight = (t: Date) =>
      new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", timeStyle: "short" }).format(t);
    expect(days.map((d) => d.slice(1))).toEqual([
      [7890, 7890, 7890],
      [6990, 7890, 7890],
    ]);
    for (const [t] of days) expect(midnight(new Date(t))).toBe("00:00");
    expect(parisDaysAgo(new Date(days[1]![0]))).toBe(parisDaysAgo(at(3)));
  });

  it("draws a long history ('all') in a bounded number of buckets of whole days, keeping each bucket's extremes", async () => {
    const { token, workspaceId } = await signUp();
    await subscribe(workspaceId, "entreprise");
    const product = await seedProduct(workspaceId, "Lave-linge");
    const url = await seedUrl(workspaceId, product.id, "Darty");
    // a reading a day for 300 days (within the year Entreprise keeps), 300.00 but for a low of 199.00 and a
    // high of 450.00, then 310.00 today
    const readings: TReading[] = [];
    for (let d = 300; d >= 1; d--) {
      const price = d === 200 ? "199.00" : d === 100 ? "450.00" : "300.00";
      readings.push({ urlId: url.id, price, at: daysAgo(d) });
    }
    readings.push({ urlId: url.id, price: "310.00", at: new Date() });
    await insert(readings);
    const json = await chart(token, product.id, "all");
    expect(json.grain).toBe("day");
    const points: [number, number | null][] = json.series[0].points;
    // 60 buckets of of five days at most, four points each (first, min, max, last), instead of 301 days
    expect(points.length).toBeLessThanOrEqual(4 * 60);
    expect(points[0]).toEqual([readings[0]!.at.getTime(), 30000]);
    expect(points.at(-1)).toEqual([readings.at(-1)!.at.getTime(), 31000]);
    expect(points.map((p) => p[1])).toContain(19900);
    expect(points.map((p) => p[1])).toContain(45000);
    // in time order, and the low and the high at the time they were read
    expect(points.map((p) => p[0])).toEqual([...points.map((p) => p[0])].sort((a, b) => a - b));
    expect(points.find((p) => p[1] === 19900)![0]).toBe(readings[100]!.at.getTime());
  });

  it("gives the product cards the lowest price of each of the last 30 days, carried over days without readings", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Bouilloire");
    const a = await seedUrl(workspaceId, product.id, "A");
    const b = await seedUrl(workspaceId, product.id, "B");
    const early = daysAgo(10);
    const mid = daysAgo(5);
    await insert([
      { urlId: a.id, price: "20.00", at: daysAgo(45) },
      { urlId: a.id, price: "20.00", at: early },
      { urlId: b.id, price: "25.00", at: early },
      { urlId: a.id, price: "18.00", at: mid },
      { urlId: a.id, price: "15.00", available: false, at: mid },
      { urlId: b.id, price: "17.00", at: new Date() },
    ]);
    await seedProduct(workspaceId, "Sans relevé");
    const res = await call(productsRoute, "/api/products", { token });
    expect(res.status).toBe(200);
    const [empty, card] = res.json;
    expect(empty.sparkline).toEqual(Array(30).fill(null));
    const expected: (number | null)[] = Array(30).fill(null);
    for (let i = 29 - parisDaysAgo(early); i < 30; i++) expected[i] = 2000;
    for (let i = 29 - parisDaysAgo(mid); i < 30; i++) expected[i] = 1800;
    expected[29] = 1700;
    expect(card.sparkline).toEqual(expected);

    // kept on the product row: three days later without a reading, the line moves left and holds its last price
    const db = await getDb();
    await db
      .update(products)
      .set({ sparklineFrom: sql`${products.sparklineFrom} - 3` })
      .where(eq(products.id, product.id));
    const later = (await call(productsRoute, "/api/products", { token })).json[1].sparkline;
    expect(later).toEqual([...expected.slice(3), 1700, 1700, 1700]);
    // a URL removed takes its prices out of the line
    await db.delete(productUrls).where(eq(productUrls.id, b.id));
    const withoutB = (await call(productsRoute, "/api/products", { token })).json[1].sparkline;
    expect(withoutB.at(-1)).toBe(1800);
    expect(withoutB[29 - parisDaysAgo(early)]).toBe(2000);
  });

  it("counts a URL's retained readings from the rollup, the cutoff's day from the readings", async () => {
    const { token, workspaceId } = await signUp();
    await subscribe(workspaceId, "professionnel");
    const product = await seedProduct(workspaceId);
    const url = await seedUrl(workspaceId, product.id, "Boulanger");
    // Professionnel keeps 90 days: two readings are older, one 30 minutes before the cutoff
    const retention = 90;
    const days = [retention + 3, retention + 0.02, retention - 0.02, retention - 0.5, 12, 1, 0];
    await insert(days.map((d, i) => ({ urlId: url.id, price: `${10 + i}.00`, at: daysAgo(d) })));
    const res = await call(historyRoute, `/api/scraping/urls/${url.id}/history`, {
      token,
      params: { urlId: url.id },
      query: { limit: "1", include: "total" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("5");
  });
});
