import { describe, expect, it } from "vitest";
import { GET as comparison } from "@/app/api/products/[id]/comparison/route";
import { GET as productHistory } from "@/app/api/products/[id]/history/route";
import { PUT as referencePrice } from "@/app/api/products/[id]/reference-price/route";
import { GET as historyRoute } from "@/app/api/scraping/urls/[urlId]/history/route";
import { call, signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";

const history = (token: string, urlId: string, query = "") =>
  call(historyRoute, `/api/scraping/urls/${urlId}/history${query}`, { token, params: { urlId } });

describe("GET /api/scraping/urls/{urlId}/history", () => {
  it("returns newest first within retention, with the retained total in X-Total-Count", async () => {
    const { workspaceId, token } = await signUp();
    const product = await seedProduct(workspaceId);
    const url = await seedUrl(workspaceId, product.id, "Darty");
    await seedHistory(url.id, [
      { price: "99.00", at: daysAgo(45) }, // beyond Freemium's 30 days
      { price: "20.00", at: daysAgo(29) },
      { price: "18.50", at: daysAgo(2) },
      { price: null, available: false, at: daysAgo(1) },
      { price: "19.00", at: daysAgo(0, 1) },
    ]);
    const res = await history(token, url.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("4");
    expect(res.json.map((e: { price: number | null; availability: boolean }) => [e.price, e.availability])).toEqual([
      [19, true],
      [null, false],
      [18.5, true],
      [20, true],
    ]);

    await subscribe(workspaceId, "professionnel");
    const longer = await history(token, url.id, "?include=total");
    expect(longer.json.total).toBe(5);
    expect(longer.json.entries.at(-1).price).toBe(99);
  });

  it("pages with limit and the before cursor, and keeps the whole total", async () => {
    const { workspaceId, token } = await signUp();
    const product = await seedProduct(workspaceId);
    const url = await seedUrl(workspaceId, product.id, "Fnac");
    // two readings at the same instant across the first page's edge: the id breaks the tie, none is skipped
    const base = Date.now();
    const at = (i: number) => new Date(base - i * 86_400_000);
    await seedHistory(url.id, [
      ...Array.from({ length: 24 }, (_, i) => ({ price: `${10 + i}.00`, at: at(i) })),
      { price: "99.00", at: at(10) },
    ]);
    const seen: number[] = [];
    let before: number | undefined;
    for (let pageNo = 0; pageNo < 10; pageNo++) {
      const res = await history(token, url.id, `?limit=11&include=total${before ? `&before=${before}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.json.total).toBe(25);
      if (res.json.entries.length === 0) break;
      expect(res.json.entries.length).toBeLessThanOrEqual(11);
      seen.push(...res.json.entries.map((e: { id: number }) => e.id));
      before = res.json.entries.at(-1).id;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const all = await history(token, url.id, "?limit=1000");
    expect(all.json.map((e: { id: number }) => e.id)).toEqual(seen);
    expect((await history(token, url.id)).json).toHaveLength(25);
  });

  it("refuses a bad limit or cursor in French, and another user's URL is a 404", async () => {
    const owner = await signUp();
    const other = await signUp();
    const product = await seedProduct(owner.workspaceId);
    const url = await seedUrl(owner.workspaceId, product.id, "Boulanger");
    for (const q of ["?limit=0", "?limit=1001", "?limit=abc", "?before=-3", "?before=x", "?include=all"]) {
      const res = await history(owner.token, url.id, q);
      expect(res.status).toBe(422);
      expect(res.json.detail).toMatch(/limite|curseur|include/);
    }
    expect((await history(other.token, url.id)).status).toBe(404);
  });
});

describe("GET /api/products/{id}/history", () => {
  it("returns one series per merchant within range and retention, with gaps for unavailable readings", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId);
    const a = await seedUrl(workspaceId, product.id, "Amazon");
    const b = await seedUrl(workspaceId, product.id, "Cdiscount");
    await seedHistory(a.id, [
      { price: "50.00", at: daysAgo(40) },
      { price: "48.00", at: daysAgo(10) },
      { price: null, available: false, at: daysAgo(5) },
      { price: "47.00", at: daysAgo(1) },
    ]);
    await seedHistory(b.id, [{ price: "52.00", at: daysAgo(3) }]);

    const res = await call(productHistory, `/api/products/${product.id}/history`, {
      token,
      params: { id: product.id },
      query: { range: "7d" },
    });
    expect(res.status).toBe(200);
    expect(res.json.series.map((s: { name: string }) => s.name)).toEqual(["Amazon", "Cdiscount"]);
    const amazon = res.json.series[0].points as [number, number | null][];
    // the 48.00 reading in force at the start of the range, the gap, then 47.00
    expect(amazon.map((p) => p[1])).toEqual([4800, null, 4700]);
    expect(res.json.series[1].points.map((p: [number, number]) => p[1])).toEqual([5200]);

    const all = await call(productHistory, `/api/products/${product.id}/history`, {
      token,
      params: { id: product.id },
      query: { range: "all" },
    });
    // Freemium keeps 30 days: the 40-day-old reading never appears
    expect(all.json.series[0].points.map((p: [number, number | null]) => p[1])).toEqual([4800, null, 4700]);
    expect(new Date(all.json.from).getTime()).toBeGreaterThan(daysAgo(31).getTime());
  });

  it("downsamples 10,000 readings to a bounded number of points that keeps the extremes", async () => {
    const { token, workspaceId } = await signUp();
    await subscribe(workspaceId, "entreprise");
    const product = await seedProduct(workspaceId);
    const url = await seedUrl(workspaceId, product.id, "Leclerc");
    const readings = Array.from({ length: 10_000 }, (_, i) => ({
      price: i === 5_000 ? "1.00" : i === 7_000 ? "999.00" : `${100 + (i % 7)}.00`,
      at: new Date(Date.now() - (10_000 - i) * 60_000 * 5),
    }));
    await seedHistory(url.id, readings);
    const res = await call(productHistory, `/api/products/${product.id}/history`, {
      token,
      params: { id: product.id },
      query: { range: "all", points: "200" },
    });
    const points = res.json.series[0].points as [number, number | null][];
    // 35 days: read from the daily rollup, at most first, min, max and last of each day
    expect(points.length).toBeLessThanOrEqual(36 * 4 + 1);
    expect(points.length).toBeGreaterThan(35);
    expect(res.json.grain).toBe("day");
    const values = points.map((p) => p[1]!);
    expect(Math.min(...values)).toBe(100);
    expect(Math.max(...values)).toBe(99900);
    expect(points.every((p, i) => i === 0 || p[0] > points[i - 1]![0])).toBe(true);
  });

  it("422 on an unknown range, 404 for another user's product, 401 without a token", async () => {
    const owner = await signUp();
    const other = await signUp();
    const product = await seedProduct(owner.workspaceId);
    const bad = await call(productHistory, "/x", {
      token: owner.token,
      params: { id: product.id },
      query: { range: "1y" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe("La période doit être 7d, 30d, 90d ou all");
    const foreign = await call(productHistory, "/x", { token: other.token, params: { id: product.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ detail: "Produit introuvable", code: "not_found" });
    expect((await call(productHistory, "/x", { params: { id: product.id } })).status).toBe(401);
  });
});

describe("comparison and reference price", () => {
  it("computes min / average / max, the cheapest merchant and the gaps in cents", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Robot pâtissier");
    const darty = await seedUrl(workspaceId, product.id, "Darty");
    const fnac = await seedUrl(workspaceId, product.id, "Fnac");
    const amazon = await seedUrl(workspaceId, product.id, "Amazon");
    const _empty = await seedUrl(workspaceId, product.id, "Zalando");
    await seedHistory(darty.id, [
      { price: "99.00", at: daysAgo(3) },
      { price: "100.10", at: daysAgo(1) },
    ]);
    await seedHistory(fnac.id, [{ price: "100.20", at: daysAgo(1) }]);
    await seedHistory(amazon.id, [
      { price: "90.00", at: daysAgo(2) },
      { price: null, available: false, at: daysAgo(0, 2) },
    ]);

    const put = await call(referencePrice, "/x", {
      method: "PUT",
      token,
      params: { id: product.id },
      body: { reference_price: "95,50" },
    });
    expect(put.status).toBe(200);
    expect(put.json.reference_price).toBe("95.50");

    const res = await call(comparison, "/x", { token, params: { id: product.id } });
    expect(res.status).toBe(200);
    expect(res.json.stats).toEqual({
      count: 2,
      out_of_stock_only: false,
      min: "100.10",
      avg: "100.15",
      max: "100.20",
      spread: "0.10",
    });
    expect(res.json.reference_price).toBe("95.50");
    const byName = Object.fromEntries(res.json.merchants.map((m: { name: string }) => [m.name, m]));
    expect(byName.Darty).toMatchObject({
      price: "100.10",
      is_cheapest: true,
      gap_to_cheapest: "0.00",
      gap_to_reference: "4.60",
      gap_to_reference_percent: "4.82",
    });
    expect(byName.Fnac).toMatchObject({
      price: "100.20",
      is_cheapest: false,
      gap_to_cheapest: "0.10",
      gap_to_cheapest_percent: "0.10",
    });
    expect(byName.Amazon).toMatchObject({ price: null, available: false, comparable: false, gap_to_cheapest: null });
    expect(byName.Zalando).toMatchObject({ price: null, available: null, checked_at: null });

    const cleared = await call(referencePrice, "/x", {
      method: "PUT",
      token,
      params: { id: product.id },
      body: { reference_price: null },
    });
    expect(cleared.json.reference_price).toBeNull();
    const after = await call(comparison, "/x", { token, params: { id: product.id } });
    expect(after.json.merchants[0].gap_to_reference).toBeNull();
  });

  it("validates the reference price and hides other users' products", async () => {
    const owner = await signUp();
    const other = await signUp();
    const product = await seedProduct(owner.workspaceId);
    const bad = await call(referencePrice, "/x", {
      method: "PUT",
      token: owner.token,
      params: { id: product.id },
      body: { reference_price: "-3" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe("Le prix de référence doit être un montant positif avec au plus 2 décimales");
    const foreign = await call(referencePrice, "/x", {
      method: "PUT",
      token: other.token,
      params: { id: product.id },
      body: { reference_price: "1" },
    });
    expect(foreign.status).toBe(404);
    expect((await call(comparison, "/x", { token: other.token, params: { id: product.id } })).status).toBe(404);
  });
});
