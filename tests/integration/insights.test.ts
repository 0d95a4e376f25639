import { beforeAll, describe, expect, it } from "vitest";
import { GET as changesRoute } from "@/app/api/insights/changes/route";
import { GET as merchantsRoute } from "@/app/api/insights/merchants/route";
import { GET as overviewRoute } from "@/app/api/insights/overview/route";
import { GET as overviewCsv } from "@/app/api/insights/overview.csv/route";
import { GET as overviewXlsx } from "@/app/api/insights/overview.xlsx/route";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { POST as createToken } from "@/app/api/tokens/route";
import { call, signUp } from "../helpers/api";
import { subscribe } from "./history-fixtures";
import { seedMarket } from "./insights-fixtures";

let token: string;
let ids: Awaited<ReturnType<typeof seedMarket>>;

beforeAll(async () => {
  const user = await signUp();
  token = user.token;
  await subscribe(user.workspaceId, "professionnel"); // 90 days of history: the 35-day-old readings count
  ids = await seedMarket(user.workspaceId);
});

const get = (handler: typeof overviewRoute, path: string, query: Record<string, string> = {}, auth = token) =>
  call(handler, path, { token: auth, query });

describe("GET /api/insights/overview", () => {
  it("positions each product with mon prix against the comparable offers, computed in cents", async () => {
    const res = await get(overviewRoute, "/api/insights/overview", { sort: "name" });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.json.products.map((p: { name: string }) => [p.name, p]));
    expect(res.json.products.map((p: { name: string }) => p.name)).toEqual([
      "Bouilloire",
      "Cafetière",
      "Grille-pain",
      "Mixeur",
    ]);
    // Fnac 95 and Darty 99 compared; Boulanger out of stock, Amazon UK in pounds: counted, not compared
    expect(byName["Cafetière"]).toMatchObject({
      product_id: ids.a.id,
      my_price: "100.00",
      position: "dearer",
      market: { count: 2, min: "95.00", avg: "97.00", max: "99.00" },
      cheapest_merchants: [{ name: "Fnac", domain: "fnac.com" }],
      gap_to_cheapest: "5.00",
      gap_to_cheapest_percent: "5.26",
      gap_to_average: "3.00",
      gap_to_average_percent: "3.09",
      price_index: "103.09",
      out_of_stock: 1,
      other_currency: 1,
    });
    // 50.00 against 50.40: 0.79 % below the cheapest, within ±1 %
    expect(byName["Grille-pain"]).toMatchObject({
      position: "aligned",
      market: { count: 2, min: "50.40", avg: "52.70", max: "55.00" },
      gap_to_cheapest: "-0.40",
      gap_to_cheapest_percent: "-0.79",
      gap_to_average: "-2.70",
      gap_to_average_percent: "-5.12",
      price_index: "94.88",
    });
    expect(byName.Bouilloire).toMatchObject({
      position: "cheapest",
      market: { min: "25.00", avg: "27.50" },
      gap_to_cheapest: "-5.00",
      gap_to_cheapest_percent: "-20.00",
      gap_to_average: "-7.50",
      gap_to_average_percent: "-27.27",
      price_index: "72.73",
    });
    expect(byName.Mixeur).toMatchObject({
      position: "no_market",
      market: { count: 0, min: null },
      gap_to_cheapest: null,
      price_index: null,
    });
  });

  it("sums up the catalogue: positions, price index and its trend on a like-for-like basket", async () => {
    const res = await get(overviewRoute, "/api/insights/overview");
    expect(res.json.summary).toEqual({
      products: 5,
      with_reference_price: 4,
      compared: 3,
      positions: { cheapest: 1, aligned: 1, dearer: 1, no_market: 1 },
      // (100 + 50 + 20) / (97 + 52.70 + 27.50) × 100
      price_index: "95.94",
      trend: [
        // 7 days ago: averages 102.50, 53.50 and 26.50
        { days: 7, products: 3, index_then: "93.15", index_now: "95.94", change: "2.79" },
        // 30 days ago only the Cafetière had readings (110 and 120): the basket is that product alone
        { days: 30, products: 1, index_then: "86.96", index_now: "103.09", change: "16.13" },
      ],
    });
  });

  it("filters by position and name, sorts by gap (largest first by default)", async () => {
    const byGap = await get(overviewRoute, "/api/insights/overview");
    expect(byGap.json.products.map((p: { name: string }) => p.name)).toEqual([
      "Cafetière",
      "Grille-pain",
      "Bouilloire",
      "Mixeur",
    ]);
    const asc = await get(overviewRoute, "/api/insights/overview", { sort: "price_index", order: "asc" });
    expect(asc.json.products.map((p: { name: string }) => p.name)).toEqual([
      "Bouilloire",
      "Grille-pain",
      "Cafetière",
      "Mixeur",
    ]);
    const dearer = await get(overviewRoute, "/api/insights/overview", { position: "dearer" });
    expect(dearer.json.products.map((p: { name: string }) => p.name)).toEqual(["Cafetière"]);
    expect(dearer.json.summary.positions.cheapest).toBe(1);
    const named = await get(overviewRoute, "/api/insights/overview", { q: "GRILLE" });
    expect(named.json.products.map((p: { name: string }) => p.name)).toEqual(["Grille-pain"]);
  });

  it("pages the lines (limit, offset, total_lines) over the same summary; limit=0 is the summary alone", async () => {
    const all = await get(overviewRoute, "/api/insights/overview");
    expect(all.json).toMatchObject({ total_lines: 4, offset: 0 });
    const page = await get(overviewRoute, "/api/insights/overview", { limit: "2", offset: "1" });
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ total_lines: 4, offset: 1 });
    expect(page.json.products.map((p: { name: string }) => p.name)).toEqual(["Grille-pain", "Bouilloire"]);
    expect(page.json.summary).toEqual(all.json.summary);
    // the cheapest offers' sellers are read for the page's lines, with the same answer as on the whole table
    expect(page.json.products[0]).toEqual(all.json.products[1]);
    const summaryOnly = await get(overviewRoute, "/api/insights/overview", { limit: "0", position: "dearer" });
    expect(summaryOnly.json).toMatchObject({ total_lines: 1, products: [] });
    expect(summaryOnly.json.summary).toEqual(all.json.summary);
    const past = await get(overviewRoute, "/api/insights/overview", { offset: "10" });
    expect(past.json).toMatchObject({ total_lines: 4, offset: 10, products: [] });
    const bads: Record<string, string>[] = [{ limit: "501" }, { limit: "-1" }, { offset: "x" }, { offset: "1e3" }];
    for (const bad of bads) {
      const res = await get(overviewRoute, "/api/insights/overview", bad);
      expect(res.status).toBe(422);
      expect(res.json.detail).toMatch(/entier entre/);
    }
    // the files take every line whatever the page
    const csv = await get(overviewCsv, "/api/insights/overview.csv", { limit: "1" });
    expect(
      csv.text
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toHaveLength(5);
  });

  it("exports the table as CSV (Excel dialect) and XLSX", async () => {
    const csv = await get(overviewCsv, "/api/insights/overview.csv", { sort: "name" });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toContain("vue_marche.csv");
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toMatch(/^Produit;Mon prix;Position;Moins cher;Moyenne/);
    expect(lines[2]).toBe(
      "Cafetière;100,00;Plus cher;95,00;97,00;99,00;2;Fnac;5,00;5,26;3,00;3,09;103,09;1;;Prix seul",
    );
    const standard = await get(overviewCsv, "/api/insights/overview.csv", { dialect: "standard", position: "aligned" });
    expect(standard.text.split("\r\n")[1]).toBe(
      "Grille-pain,50.00,Aligné (±1 %),50.40,52.70,55.00,2,Fnac,-0.40,-0.79,-2.70,-5.12,94.88,0,,Prix seul",
    );
    const xlsx = await call(overviewXlsx, "/api/insights/overview.xlsx", { token });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
  });
});

describe("GET /api/insights/merchants", () => {
  it("per domain: cheapest rate, average gap to mon prix, out-of-stock rate", async () => {
    const res = await get(merchantsRoute, "/api/insights/merchants");
    expect(res.status).toBe(200);
    expect(res.json.merchants.map((m: { domain: string }) => m.domain)).toEqual([
      "fnac.com",
      "darty.com",
      "cdiscount.com",
      "amazon.co.uk",
      "boulanger.com",
    ]);
    const [fnac, darty, cdiscount, amazon, boulanger] = res.json.merchants;
    // cheapest on Cafetière, Grille-pain and Robot; gaps −5.00 and +0.40 against 100 + 50
    expect(fnac).toMatchObject({
      names: ["Fnac"],
      urls: 3,
      products: 3,
      priced_products: 3,
      cheapest_count: 3,
      cheapest_rate: "100.00",
      compared_products: 2,
      average_gap: "-2.30",
      average_gap_percent: "-3.07",
      out_of_stock: 0,
      out_of_stock_rate: "0.00",
    });
    // 'darty.com' and 'www.darty.com' are one merchant; gaps −1.00, +5.00, +5.00 against 100 + 50 + 20
    expect(darty).toMatchObject({
      urls: 3,
      cheapest_count: 1,
      cheapest_rate: "33.33",
      average_gap: "3.00",
      average_gap_percent: "5.29",
    });
    expect(cdiscount).toMatchObject({ cheapest_rate: "0.00", average_gap: "10.00", average_gap_percent: "50.00" });
    expect(amazon).toMatchObject({ priced_products: 0, cheapest_rate: null, average_gap: null });
    expect(boulanger).toMatchObject({ out_of_stock: 1, out_of_stock_rate: "100.00", cheapest_rate: null });
  });

  it("filters by name and sorts by out-of-stock rate", async () => {
    const res = await get(merchantsRoute, "/api/insights/merchants", { sort: "out_of_stock_rate" });
    expect(res.json.merchants[0].domain).toBe("boulanger.com");
    const named = await get(merchantsRoute, "/api/insights/merchants", { q: "cdis" });
    expect(named.json.merchants.map((m: { domain: string }) => m.domain)).toEqual(["cdiscount.com"]);
  });
});

describe("GET /api/insights/changes", () => {
  const summary = (c: Record<string, string | null>) =>
    [c.kind, c.product_name, c.merchant, c.before_price, c.after_price, c.change_percent].join(" ");

  it("since yesterday: drops and rises by size, stock changes, a new cheapest merchant", async () => {
    const res = await get(changesRoute, "/api/insights/changes");
    expect(res.status).toBe(200);
    expect(res.json.changes.map(summary)).toEqual([
      "drop Cafetière Darty 105.00 99.00 -5.71",
      "drop Grille-pain Fnac 52.00 50.40 -3.08",
      "rise Bouilloire Cdiscount 28.00 30.00 7.14",
      "out_of_stock Cafetière Boulanger 90.00  ",
      "back_in_stock Robot Fnac  60.00 ",
      "new_cheapest Cafetière Fnac 90.00 95.00 5.56",
    ]);
    expect(res.json.changes[5]).toMatchObject({ product_id: ids.a.id, previous_merchant: "Boulanger" });
    expect(res.json.counts).toEqual({ drop: 2, rise: 1, out_of_stock: 1, back_in_stock: 1, new_cheapest: 1 });
  });

  it("over a week (URLs first read within it against their first reading), filtered by kind and limited", async () => {
    const week = await get(changesRoute, "/api/insights/changes", { period: "week" });
    expect(week.json.changes.map(summary)).toEqual([
      "drop Cafetière Darty 105.00 99.00 -5.71",
      "drop Cafetière Fnac 100.00 95.00 -5.00",
      "drop Grille-pain Fnac 52.00 50.40 -3.08",
      "rise Bouilloire Cdiscount 28.00 30.00 7.14",
      // first read within the week: compared with their first reading of the week (Amazon UK's only one is both)
      "out_of_stock Cafetière Boulanger 90.00  ",
      "back_in_stock Robot Fnac  60.00 ",
    ]);
    const drops = await get(changesRoute, "/api/insights/changes", { period: "week", kind: "drop", limit: "1" });
    expect(drops.json).toMatchObject({ total: 3, counts: { drop: 3, rise: 1 } });
    expect(drops.json.changes.map(summary)).toEqual(["drop Cafetière Darty 105.00 99.00 -5.71"]);
  });
});

describe("insights routes: auth, validation, other users, API tokens, OpenAPI", () => {
  it("401 without credentials, French 422 on bad parameters", async () => {
    expect((await call(overviewRoute, "/api/insights/overview")).status).toBe(401);
    expect((await call(changesRoute, "/api/insights/changes")).status).toBe(401);
    const bad = [
      [overviewRoute, "/api/insights/overview", { sort: "prix" }, "Le tri doit être"],
      [overviewRoute, "/api/insights/overview", { position: "x" }, "La position doit être"],
      [merchantsRoute, "/api/insights/merchants", { order: "up" }, "L'ordre doit être asc ou desc"],
      [changesRoute, "/api/insights/changes", { period: "month" }, "La période doit être day ou week"],
      [changesRoute, "/api/insights/changes", { limit: "0" }, "La limite doit être un entier entre 1 et 500"],
      [overviewCsv, "/api/insights/overview.csv", { dialect: "tsv" }, "Le dialecte doit être excel ou standard"],
    ] as const;
    for (const [handler, path, query, message] of bad) {
      const res = await get(handler, path, query);
      expect(res.status, path).toBe(422);
      expect(res.json.detail).toContain(message);
    }
  });

  it("another user sees only their own (empty) catalogue", async () => {
    const other = await signUp();
    const overview = await get(overviewRoute, "/api/insights/overview", {}, other.token);
    expect(overview.json.summary).toMatchObject({ products: 0, with_reference_price: 0, price_index: null });
    expect(overview.json.products).toEqual([]);
    expect((await get(merchantsRoute, "/api/insights/merchants", {}, other.token)).json.merchants).toEqual([]);
    expect((await get(changesRoute, "/api/insights/changes", { period: "week" }, other.token)).json.total).toBe(0);
  });

  it("answers an API token, and is described in the OpenAPI document", async () => {
    const created = await call(createToken, "/api/tokens", { token, body: { name: "Tableau de bord BI" } });
    expect(created.status).toBe(201);
    const res = await get(overviewRoute, "/api/insights/overview", {}, created.json.token);
    expect(res.status).toBe(200);
    expect(res.json.summary.price_index).toBe("95.94");
    const doc = await call(openapi, "/api/openapi.json");
    for (const path of ["overview", "merchants", "changes", "overview.csv", "overview.xlsx"]) {
      expect(doc.json.paths[`/api/insights/${path}`]?.get, path).toBeDefined();
    }
  });
});
