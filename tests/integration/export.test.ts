import ExcelJS from "exceljs";
import Papa from "papaparse";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as allCsv } from "@/app/api/exports/products.csv/route";
import { GET as allXlsx } from "@/app/api/exports/products.xlsx/route";
import { GET as historyCsv } from "@/app/api/products/[id]/export/history.csv/route";
import { GET as latestCsv } from "@/app/api/products/[id]/export/latest.csv/route";
import { GET as productXlsx } from "@/app/api/products/[id]/export.xlsx/route";
import { POST as createProduct } from "@/app/api/products/route";
import { iterateHistoryRows } from "@/lib/exports/iterate-history-rows";
import { getDb } from "@/db";
import { onQuery } from "@/db/query-log";
import { priceHistory, productUrls } from "@/db/schema";
import { call, signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl } from "./history-fixtures";

async function seedCatalogue(workspaceId: string) {
  const product = await seedProduct(workspaceId, "Café moulu 1 kg");
  const darty = await seedUrl(workspaceId, product.id, "Darty", "https://www.darty.example/cafe?x=1;y=2");
  const evil = await seedUrl(workspaceId, product.id, '=HYPERLINK("http://evil")', "https://evil.example/p");
  await seedHistory(darty.id, [
    { price: "12.49", at: daysAgo(3) },
    { price: null, available: false, at: daysAgo(2) },
    { price: "1299.99", at: daysAgo(1) },
    { price: "5.00", at: daysAgo(60) }, // beyond Freemium retention: never exported
  ]);
  await seedHistory(evil.id, [{ price: "9.90", at: daysAgo(1, 5) }]);
  return { product, darty, evil };
}

// SPEC.md §3's columns, then the seller and the total with shipping (the workbook only: the CSV is SPEC's)
const XLSX_HEADER = ["Source", "URL", "Prix", "Date", "Disponibilité", "Vendeur", "Total livraison comprise"];

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

describe("CSV exports of a product", () => {
  it("'Historique complet' in the French Excel dialect: BOM, ';', decimal comma, Paris dates, retention, injection", async () => {
    const { token, workspaceId } = await signUp();
    const { product } = await seedCatalogue(workspaceId);
    const res = await call(historyCsv, "/x", { token, params: { id: product.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      "attachment; filename=\"Cafe_moulu_1_kg_historique_complet.csv\"; filename*=UTF-8''Caf%C3%A9_moulu_1_kg_historique_complet.csv",
    );
    // Response.text() drops a BOM: read the bytes
    const raw = await fetchBinary(historyCsv, { token, params: { id: product.id } });
    expect([...raw.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>(stripBom(res.text).trim(), { delimiter: ";" }).data;
    expect(rows[0]).toEqual(["Source", "URL", "Prix", "Date", "Disponibilité"]);
    expect(rows).toHaveLength(1 + 4);
    const body = rows.slice(1);
    // sources by name ('=' sorts before 'D'), each newest first
    expect(body.map((r) => r[2])).toEqual(["9,90", "1299,99", "", "12,49"]);
    expect(body.map((r) => r[4])).toEqual(["Disponible", "Disponible", "Indisponible", "Disponible"]);
    expect(body[1]![1]).toBe("https://www.darty.example/cafe?x=1;y=2");
    expect(body[1]![3]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(body[0]![0]).toBe('\'=HYPERLINK("http://evil")');
  });

  it("?dialect=standard gives RFC 4180 with ',' '.' and ISO dates, no BOM", async () => {
    const { token, workspaceId } = await signUp();
    const { product } = await seedCatalogue(workspaceId);
    const res = await call(historyCsv, "/x", { token, params: { id: product.id }, query: { dialect: "standard" } });
    const raw = await fetchBinary(historyCsv, { token, params: { id: product.id }, query: { dialect: "standard" } });
    expect(raw.body[0]).toBe("S".charCodeAt(0));
    expect(res.text.split("\r\n")[0]).toBe("Source,URL,Prix,Date,Disponibilité");
    const rows = Papa.parse<string[]>(res.text.trim(), { delimiter: "," }).data.slice(1);
    expect(rows[1]![2]).toBe("1299.99");
    expect(new Date(rows[1]![3]!).toISOString()).toBe(rows[1]![3]);
    const bad = await call(historyCsv, "/x", { token, params: { id: product.id }, query: { dialect: "tsv" } });
    expect(bad.status).toBe(422);
  });

  it("'Derniers prix': one row per URL with its latest retained reading", async () => {
    const { token, workspaceId } = await signUp();
    const { product } = await seedCatalogue(workspaceId);
    const res = await call(latestCsv, "/x", { token, params: { id: product.id } });
    expect(res.headers.get("content-disposition")).toContain("Caf%C3%A9_moulu_1_kg_derniers_prix.csv");
    const rows = Papa.parse<string[]>(stripBom(res.text).trim(), { delimiter: ";" }).data;
    expect(rows[0]).toEqual(["Source", "URL", "Prix", "Date", "Disponibilité"]);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[4]])).toEqual([
      ['\'=HYPERLINK("http://evil")', "9,90", "Disponible"],
      ["Darty", "1299,99", "Disponible"],
    ]);
  });

  it("'Derniers prix' keeps the price of an unavailable offer and says it is unavailable", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Casque audio");
    const fnac = await seedUrl(workspaceId, product.id, "Fnac", "https://www.fnac.example/casque");
    await seedHistory(fnac.id, [
      { price: "199.00", at: daysAgo(2) },
      { price: "189.00", available: false, at: daysAgo(1) },
    ]);
    const res = await call(latestCsv, "/x", { token, params: { id: product.id } });
    const rows = Papa.parse<string[]>(stripBom(res.text).trim(), { delimiter: ";" }).data;
    expect(rows.slice(1).map((r) => [r[0], r[2], r[4]])).toEqual([["Fnac", "189,00", "Indisponible"]]);
  });

  it("another user's product is a 404 and nothing is streamed", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { product } = await seedCatalogue(owner.workspaceId);
    for (const handler of [historyCsv, latestCsv, productXlsx]) {
      const res = await call(handler, "/x", { token: other.token, params: { id: product.id } });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("not_found");
    }
  });

  it("the keyset pagination returns every row once, even with equal timestamps across batches", async () => {
    const { workspaceId } = await signUp();
    const product = await seedProduct(workspaceId);
    const url = await seedUrl(workspaceId, product.id, "Lidl");
    const same = daysAgo(1);
    await seedHistory(
      url.id,
      Array.from({ length: 23 }, (_, i) => ({ price: `${i}.00`, at: i < 12 ? same : daysAgo(2, i) })),
    );
    const seen: number[] = [];
    for await (const row of iterateHistoryRows(await getDb(), [{ id: url.id, name: "Lidl", url: url.url }], null, 5))
      seen.push(row.cents!);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
  });
});

describe("history of a large catalogue", () => {
  it("reads many short histories a hundred URLs per statement, in the URLs' order, newest first", async () => {
    const { workspaceId } = await signUp();
    const product = await seedProduct(workspaceId);
    const db = await getDb();
    const rows = await db
      .insert(productUrls)
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          workspaceId,
          productId: product.id,
          name: `M${i}`,
          url: `https://m${i}.example/p`,
        })),
      )
      .returning();
    // the URLs in an order of their own; the 3rd has a long history (paged after its head), the 10th none
    const urls = rows.map((r) => ({ id: r.id, name: r.name, url: r.url })).reverse();
    await db.insert(priceHistory).values(
      urls.flatMap((u, i) =>
        i === 9
          ? []
          : [1, 2].map((d) => ({
              urlId: u.id,
              price: `${i}.0${d}`,
              currency: "EUR",
              available: true,
              createdAt: daysAgo(d),
            })),
      ),
    );
    await seedHistory(
      urls[2]!.id,
      Array.from({ length: 120 }, (_, h) => ({ price: `${1000 + h}.00`, at: daysAgo(3, h) })),
    );
    const statements: string[] = [];
    const stop = onQuery((q) => {
      if (q.includes("price_history")) statements.push(q);
    });
    const seen: { source: string; cents: number | null; at: number }[] = [];
    try {
      for await (const r of iterateHistoryRows(db, urls, null, 40))
        seen.push({ source: r.source, cents: r.cents, at: r.createdAt!.getTime() });
    } finally {
      stop();
    }
    expect(seen).toHaveLength(149 * 2 + 120);
    // grouped by URL in the given order, each newest first
    const order = [...new Set(seen.map((r) => r.source))];
    expect(order).toEqual(urls.filter((_, i) => i !== 9).map((u) => u.name));
    for (const name of order) {
      const times = seen.filter((r) => r.source === name).map((r) => r.at);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    expect(seen.filter((r) => r.source === urls[2]!.name)).toHaveLength(122);
    // two head statements (100 + 50 URLs) and the long history's remaining pages: 122 - 40 = 82 → 3 pages
    expect(statements).toHaveLength(2 + 3);
  });
});

describe("Excel exports", () => {
  it("writes real number and date cells, a header row, frozen panes and the two sheets", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Grille-pain");
    const url = await seedUrl(workspaceId, product.id, "Boulanger");
    await seedHistory(url.id, [
      { price: "34.90", at: daysAgo(2) },
      { price: "29.99", at: new Date(Date.now() - 3_600_000) },
    ]);
    const res = await fetchBinary(productXlsx, { token, params: { id: product.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toContain("Grille-pain_export.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Derniers prix", "Historique complet", "Produits"]);
    const latest = wb.getWorksheet("Derniers prix")!;
    expect(latest.getRow(1).values).toEqual([undefined, ...XLSX_HEADER]);
    expect(latest.getCell("C2").value).toBe(29.99);
    expect(latest.getCell("C2").type).toBe(ExcelJS.ValueType.Number);
    expect(latest.getCell("C2").numFmt).toBe('#,##0.00 "€"');
    expect(latest.getCell("D2").value).toBeInstanceOf(Date);
    expect(latest.getCell("D2").numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(latest.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const history = wb.getWorksheet("Historique complet")!;
    expect(history.getRow(1).values).toEqual([undefined, ...XLSX_HEADER]);
    expect(history.rowCount).toBe(3);
    expect([history.getCell("C2").value, history.getCell("C3").value]).toEqual([29.99, 34.9]);
    expect(history.getCell("E2").value).toBe("Disponible");
  });

  it("adds the products' identification in a 'Produits' sheet, the CSV keeping the SPEC's columns", async () => {
    const { token } = await signUp();
    const body = {
      name: "Robot",
      sku: "ROB-1",
      gtins: ["3017620422003", "96385074"],
      brand: "Moulinex",
      mpn: "HF45",
      category: "Maison > Cuisine",
      tags: ["promo", "cuisine"],
      image_url: "https://cdn.example/r.jpg",
      cost_price: "89.90",
      reference_price: "149.99",
      urls: [{ name: "Darty", url: "https://darty.example/robot" }],
    };
    const robot = await call(createProduct, "/api/products", { token, body });
    expect(robot.status).toBe(201);
    await call(createProduct, "/api/products", { token, body: { name: "Bouilloire" } });
    const stranger = await signUp();
    await call(createProduct, "/api/products", { token: stranger.token, body: { name: "Autre", sku: "ROB-1" } });

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await fetchBinary(allXlsx, { token })).body as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet("Produits")!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Produit",
      "SKU",
      "EAN",
      "Marque",
      "MPN",
      "Catégorie",
      "Étiquettes",
      "Image",
      "Prix d'achat HT",
      "Mon prix",
      "Prix minimum annoncé",
    ]);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).values).toEqual([undefined, "Bouilloire"]);
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      "Robot",
      "ROB-1",
      "3017620422003, 96385074",
      "Moulinex",
      "HF45",
      "Maison > Cuisine",
      "promo, cuisine",
      "https://cdn.example/r.jpg",
      89.9,
      149.99,
    ]);
    expect(sheet.getCell("I3").numFmt).toBe('#,##0.00 "€"');

    const one = new ExcelJS.Workbook();
    const id = robot.json.id as string;
    await one.xlsx.load((await fetchBinary(productXlsx, { token, params: { id } })).body as unknown as ArrayBuffer);
    expect(one.getWorksheet("Produits")!.rowCount).toBe(2);
    const csv = await call(latestCsv, "/x", { token, params: { id }, query: { dialect: "standard" } });
    expect(Papa.parse<string[]>(csv.text.trim()).data[0]).toEqual(["Source", "URL", "Prix", "Date", "Disponibilité"]);
  });

  it("the all-products workbook and CSV lead with a Produit column", async () => {
    const { token, workspaceId } = await signUp();
    await seedCatalogue(workspaceId);
    const other = await seedProduct(workspaceId, "Bouilloire");
    await seedHistory((await seedUrl(workspaceId, other.id, "Ikea")).id, [{ price: "19.00", at: daysAgo(1) }]);
    const xlsx = await fetchBinary(allXlsx, { token });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const latest = wb.getWorksheet("Derniers prix")!;
    expect(latest.getRow(1).values).toEqual([undefined, "Produit", ...XLSX_HEADER]);
    expect([latest.getCell("A2").value, latest.getCell("A3").value, latest.getCell("A4").value]).toEqual([
      "Bouilloire",
      "Café moulu 1 kg",
      "Café moulu 1 kg",
    ]);
    const csv = await call(allCsv, "/x", { token, query: { type: "history", dialect: "standard" } });
    expect(csv.headers.get("content-disposition")).toContain("tous_les_produits_historique_complet.csv");
    const rows = Papa.parse<string[]>(csv.text.trim()).data;
    expect(rows[0]).toEqual(["Produit", "Source", "URL", "Prix", "Date", "Disponibilité"]);
    expect(rows).toHaveLength(1 + 1 + 4);
    // a stranger's export holds none of these rows
    const stranger = await signUp();
    const empty = await call(allCsv, "/x", { token: stranger.token, query: { dialect: "standard" } });
    expect(empty.text).toBe("Produit,Source,URL,Prix,Date,Disponibilité\r\n");
  });
});

describe("all-products export of a large catalogue", () => {
  it("streams 'Derniers prix' page by page: the first bytes before the catalogue is read, every line once in order", async () => {
    const { token, workspaceId } = await signUp();
    const db = await getDb();
    const at = new Date(Math.floor(daysAgo(1).getTime() / 1000) * 1000);
    // 1,101 products: three pages of 500; the 1,000th has no URL (it ends the second page without a line)
    await db.execute(sql`
      insert into products (workspace_id, name)
      select ${workspaceId}::uuid, 'Article ' || lpad(g::text, 4, '0') from generate_series(1, 1101) g`);
    await db.execute(sql`
      insert into product_urls (product_id, workspace_id, name, url)
      select p.id, p.workspace_id, 'Marchand', 'https://m.example/' || right(p.name, 4)
        from products p where p.workspace_id = ${workspaceId} and p.name <> 'Article 1000'`);
    await db.execute(sql`
      insert into price_history (url_id, price, currency, available, created_at)
      select u.id, 10 + right(u.url, 4)::int % 7, 'EUR', true, ${at.toISOString()}::timestamptz
        from product_urls u where u.workspace_id = ${workspaceId}`);
    const pages: string[] = [];
    const statements: string[] = [];
    const stop = onQuery((query) => {
      statements.push(query);
      if (/from products\b/i.test(query) && /product_urls/i.test(query)) pages.push(query);
    });
    try {
      const { NextRequest } = await import("next/server");
      const req = new NextRequest("http://localhost:3000/x?type=latest&dialect=standard", {
        headers: { authorization: `Bearer ${token}` },
      });
      const res = await allCsv(req, { params: Promise.resolve({}) });
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      // the first chunk came from the first page of products: the others are read as the download goes on
      expect(pages).toHaveLength(1);
      const chunks = [first.value!];
      for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
      expect(pages).toHaveLength(3);
      const lines = Buffer.concat(chunks).toString("utf8").split("\r\n");
      expect(lines[0]).toBe("Produit,Source,URL,Prix,Date,Disponibilité");
      const expected = Array.from({ length: 1101 }, (_, i) => String(i + 1).padStart(4, "0"))
        .filter((n) => n !== "1000")
        .map(
          (n) =>
            `Article ${n},Marchand,https://m.example/${n},${10 + (Number(n) % 7)}.00,${at.toISOString()},Disponible`,
        );
      expect(lines.slice(1, -1)).toEqual(expected);
      expect(lines.at(-1)).toBe("");
      // the latest prices came with the pages: from the first page on, no other statement
      expect(statements.slice(statements.indexOf(pages[0]!))).toEqual(pages);
    } finally {
      stop();
    }
  });

  it("gives a marketplace reading the same seller and total as the product's own workbook", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Aspirateur");
    const url = await seedUrl(workspaceId, product.id, "Place de marché");
    const offers = [
      { price: "99.90", seller: "Vendeur A", condition: "used" },
      { price: "99.9", seller: "Vendeur B" },
      { price: 120, seller: "Vendeur C", buyBox: true },
    ];
    await seedHistory(url.id, [
      { price: "150.00", at: daysAgo(2), shipping: "2.00", offers: [{ price: 150, seller: "Ancien" }] },
      { price: "99.90", at: daysAgo(1), shipping: "4.99", offers },
    ]);
    const cells = async (body: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(body as unknown as ArrayBuffer);
      const row = wb.getWorksheet("Derniers prix")!.getRow(2);
      return (row.values as unknown[]).slice(-3);
    };
    const own = await cells((await fetchBinary(productXlsx, { token, params: { id: product.id } })).body);
    // among the offers at 99.90: not the used one; the buy box is at another price
    expect(own).toEqual(["Disponible", "Vendeur B", 104.89]);
    expect(await cells((await fetchBinary(allXlsx, { token })).body)).toEqual(own);
  });
});

describe("export rate limit", () => {
  it("answers 429 in French past 30 exports a minute", async () => {
    const { token } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await call(allCsv, "/x", { token })).status);
    expect(statuses).toEqual(Array(30).fill(200));
    const blocked = await call(allCsv, "/x", { token });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe("rate_limited");
  });
});

async function fetchBinary(
  handler: (
    req: import("next/server").NextRequest,
    ctx: { params: Promise<Record<string, string>> },
  ) => Promise<Response>,
  options: { token: string; params?: Record<string, string>; query?: Record<string, string> },
) {
  const { NextRequest } = await import("next/server");
  const req = new NextRequest(`http://localhost:3000/x?${new URLSearchParams(options.query ?? {})}`, {
    headers: { authorization: `Bearer ${options.token}` },
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
