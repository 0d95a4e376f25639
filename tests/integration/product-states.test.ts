import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { productUrls, products } from "@/db/schema";
import { GET as comparison } from "@/app/api/products/[id]/comparison/route";
import { GET as history } from "@/app/api/products/[id]/history/route";
import { GET as listProducts } from "@/app/api/products/route";
import { POST as batch } from "@/app/api/queue/tasks/batch/route";
import { POST as scrapeNow } from "@/app/api/scraping/urls/[urlId]/scrape/route";
import { call, signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl } from "./history-fixtures";

const PAUSE = "Limite de l'abonnement Freemium atteinte (5 URLs par produit) : suivi en pause, données conservées.";

async function pause(urlId: string) {
  const db = await getDb();
  await db.update(productUrls).set({ paused: true, pausedReason: PAUSE }).where(eq(productUrls.id, urlId));
}

async function setStatus(urlId: string, lastStatus: "error" | "ok", lastCheckedAt = new Date()) {
  const db = await getDb();
  await db.update(productUrls).set({ lastStatus, lastCheckedAt }).where(eq(productUrls.id, urlId));
}

describe("what the product grid and the comparison say about a product's URLs", () => {
  it("counts the paused and failed URLs of each card, so that none without tracking says 'Suivi actif'", async () => {
    const { token, workspaceId } = await signUp();
    const empty = await seedProduct(workspaceId, "Sans URL");
    const paused = await seedProduct(workspaceId, "Tout en pause");
    await pause((await seedUrl(workspaceId, paused.id, "Darty")).id);
    await pause((await seedUrl(workspaceId, paused.id, "Fnac")).id);
    const failing = await seedProduct(workspaceId, "En échec");
    await setStatus((await seedUrl(workspaceId, failing.id, "Boulanger")).id, "error");
    await setStatus((await seedUrl(workspaceId, failing.id, "Cdiscount")).id, "ok");

    const res = await call(listProducts, "/api/products", { token });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.json.map((p: { name: string }) => [p.name, p]));
    expect(byName[empty.name]).toMatchObject({ url_count: 0, paused_count: 0, failed_count: 0 });
    expect(byName[paused.name]).toMatchObject({ url_count: 2, paused_count: 2, failed_count: 0 });
    expect(byName[failing.name]).toMatchObject({ url_count: 2, paused_count: 0, failed_count: 1 });
  });

  it("refuses a manual scrape of a paused URL (read-only after a downgrade), alone or in a batch", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId);
    const url = await seedUrl(workspaceId, product.id, "Darty");
    await pause(url.id);
    const one = await call(scrapeNow, "/x", { method: "POST", token, params: { urlId: url.id } });
    expect(one.status, one.text).toBe(403);
    expect(one.json).toEqual({ detail: PAUSE, code: "url_paused" });
    const many = await call(batch, "/x", { token, body: { urls: [{ url_id: url.id }] } });
    expect(many.status, many.text).toBe(403);
    expect(many.json.code).toBe("url_paused");
  });

  it("keeps an out-of-stock merchant's price with its state, and a failed URL's status", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Bouilloire", "24.90");
    const darty = await seedUrl(workspaceId, product.id, "Darty");
    const fnac = await seedUrl(workspaceId, product.id, "Fnac");
    await seedHistory(darty.id, [{ price: "22.99", available: false, at: daysAgo(0, 1) }]);
    await setStatus(darty.id, "ok");
    await setStatus(fnac.id, "error");

    const res = await call(comparison, "/x", { token, params: { id: product.id } });
    expect(res.status, res.text).toBe(200);
    const [d, f] = res.json.merchants;
    expect(d).toMatchObject({ name: "Darty", price: "22.99", available: false, status: "ok" });
    expect(f).toMatchObject({ name: "Fnac", price: null, checked_at: null, status: "error" });
    expect(f.last_checked_at).not.toBeNull();
    // nothing in stock: the market is the out-of-stock offers, said so
    expect(res.json.stats).toMatchObject({ count: 1, out_of_stock_only: true, min: "22.99", max: "22.99" });

    const inStock = await seedUrl(workspaceId, product.id, "Zalando");
    await seedHistory(inStock.id, [{ price: "25.50", at: daysAgo(0, 1) }]);
    const after = await call(comparison, "/x", { token, params: { id: product.id } });
    expect(after.json.stats).toMatchObject({ count: 1, out_of_stock_only: false, min: "25.50" });
    const darty2 = after.json.merchants.find((m: { name: string }) => m.name === "Darty");
    expect(darty2).toMatchObject({ price: "22.99", available: false, comparable: false, is_cheapest: false });
  });

  it("gives the chart the minimum advertised price, drawn as a reference line beside my price", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Enceinte", "49.90");
    const db = await getDb();
    await db.update(products).set({ minAdvertisedPrice: "44.90" }).where(eq(products.id, product.id));
    const url = await seedUrl(workspaceId, product.id, "Darty");
    await seedHistory(url.id, [{ price: "42.00", at: daysAgo(1) }]);
    const res = await call(history, "/x", { token, params: { id: product.id }, query: { range: "7d" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ reference_price: 4990, min_advertised_price: 4490 });
  });
});
