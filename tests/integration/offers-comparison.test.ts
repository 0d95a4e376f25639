import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as overviewRoute } from "@/app/api/insights/overview/route";
import { GET as overviewCsv } from "@/app/api/insights/overview.csv/route";
import { GET as comparisonRoute } from "@/app/api/products/[id]/comparison/route";
import { GET as latestCsv } from "@/app/api/products/[id]/export/latest.csv/route";
import { GET as productXlsx } from "@/app/api/products/[id]/export.xlsx/route";
import { getDb } from "@/db";
import { priceHistory } from "@/db/schema";
import { call, signUp } from "../helpers/api";
import { daysAgo, seedProduct, seedUrl } from "./history-fixtures";

// A marketplace page (buy-box MegaPlace 219 €, shipping 0), a shop at 210 € + 15 € shipping, and a shop at
// 228 € that states neither shipping nor stock.
const OFFERS = [
  {
    seller: "MegaPlace",
    price: "219",
    currency: "EUR",
    shipping: "0",
    regularPrice: null,
    condition: "new",
    available: true,
    buyBox: true,
  },
  {
    seller: "GameDiscount",
    price: "199.99",
    currency: "EUR",
    shipping: "9.99",
    regularPrice: "299",
    condition: "new",
    available: true,
    buyBox: false,
  },
];

let token: string;
let productId: string;
const urls: Record<string, string> = {};

beforeAll(async () => {
  const user = await signUp();
  token = user.token;
  const product = await seedProduct(user.workspaceId, "Console Vortex", "230.00");
  productId = product.id;
  const db = await getDb();
  const read = async (name: string, href: string, values: Partial<typeof priceHistory.$inferInsert>) => {
    const url = await seedUrl(user.workspaceId, product.id, name, href);
    urls[name] = url.id;
    await db
      .insert(priceHistory)
      .values({ urlId: url.id, currency: "EUR", available: true, createdAt: daysAgo(0, 2), ...values });
  };
  await read("MegaPlace", "https://www.megaplace.example/p/vortex", { price: "219.00", shipping: "0", offers: OFFERS });
  await read("Boutique A", "https://www.boutique-a.example/vortex", { price: "210.00", shipping: "15.00" });
  await read("Boutique B", "https://www.boutique-b.example/vortex", { price: "228.00", availabilityStated: false });
});

describe("the comparison of a product's URLs", () => {
  it("gives each merchant's seller, total with stated shipping, and whether stock was stated", async () => {
    const res = await call(comparisonRoute, "/x", { token, params: { id: productId } });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.json.merchants.map((m: { name: string }) => [m.name, m]));
    expect(byName.MegaPlace).toMatchObject({ seller: "MegaPlace", shipping: "0.00", total_with_shipping: "219.00" });
    expect(byName["Boutique A"]).toMatchObject({ seller: null, shipping: "15.00", total_with_shipping: "225.00" });
    // unstated shipping is not free: no total; unstated stock is 'Non précisée'
    expect(byName["Boutique B"]).toMatchObject({
      seller: null,
      shipping: null,
      total_with_shipping: null,
      available: true,
      availability_stated: false,
    });
    expect(byName.MegaPlace.availability_stated).toBe(true);
  });
});

describe("the market view on total price", () => {
  const overview = (query: Record<string, string>) => call(overviewRoute, "/api/insights/overview", { token, query });

  it("compares item prices by default, and prices with stated shipping on ?basis=total", async () => {
    const byPrice = await overview({});
    expect(byPrice.json.basis).toBe("price");
    expect(byPrice.json.products[0]).toMatchObject({
      market: { count: 3, min: "210.00", max: "228.00" },
      cheapest_merchants: [{ name: "Boutique A", seller: null }],
      gap_to_cheapest: "20.00",
    });
    const byTotal = await overview({ basis: "total" });
    expect(byTotal.json.basis).toBe("total");
    // 219 + 0, 210 + 15, 228 (shipping not stated: its price alone, and counted as such)
    expect(byTotal.json.products[0]).toMatchObject({
      market: { count: 3, min: "219.00", avg: "224.00", max: "228.00" },
      cheapest_merchants: [{ name: "MegaPlace", seller: "MegaPlace" }],
      gap_to_cheapest: "11.00",
      shipping_unknown: 1,
    });
  });

  it("refuses an unknown basis in French", async () => {
    const res = await overview({ basis: "shipping" });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json)).toContain("La base de comparaison doit être price ou total");
  });

  it("exports the basis and the cheapest offer's seller with the table", async () => {
    const csv = await call(overviewCsv, "/api/insights/overview.csv", { token, query: { basis: "total" } });
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toMatch(/;Vendeur le moins cher;Base de comparaison$/);
    expect(lines[1]).toMatch(
      /^Console Vortex;230,00;Plus cher;219,00;224,00;228,00;3;MegaPlace;.*;MegaPlace;Prix livraison comprise$/,
    );
    const plain = await call(overviewCsv, "/api/insights/overview.csv", { token, query: {} });
    expect(plain.text.replace(/^\uFEFF/, "").split("\r\n")[1]).toMatch(/;Boutique A;.*;;Prix seul$/);
  });
});

describe("exports with seller and total", () => {
  it("the workbook adds Vendeur and Total livraison comprise; the CSV keeps SPEC's columns", async () => {
    const { NextRequest } = await import("next/server");
    const req = new NextRequest("http://localhost:3000/x", { headers: { authorization: `Bearer ${token}` } });
    const res = await productXlsx(req, { params: Promise.resolve({ id: productId }) });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    for (const name of ["Derniers prix", "Historique complet"]) {
      const sheet = wb.getWorksheet(name)!;
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        "Source",
        "URL",
        "Prix",
        "Date",
        "Disponibilité",
        "Vendeur",
        "Total livraison comprise",
      ]);
      const rows = Object.fromEntries(
        [2, 3, 4].map((i) => [
          sheet.getCell(`A${i}`).value,
          [sheet.getCell(`F${i}`).value, sheet.getCell(`G${i}`).value],
        ]),
      );
      expect(rows).toEqual({ MegaPlace: ["MegaPlace", 219], "Boutique A": [null, 225], "Boutique B": [null, null] });
    }
    const csv = await call(latestCsv, "/x", { token, params: { id: productId }, query: { dialect: "standard" } });
    expect(csv.text.split("\r\n")[0]).toBe("Source,URL,Prix,Date,Disponibilité");
  });
});
