import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { priceHistory, products } from "@/db/schema";
import { GET as listFlags } from "@/app/api/insights/flags/route";
import { POST as createRule } from "@/app/api/products/[id]/alerts/route";
import { PUT as updateProduct } from "@/app/api/products/[id]/route";
import { evaluateNewPrice } from "@/lib/alerts/evaluation/evaluate-new-price";
import { FLAG_MSG } from "@/lib/flags/schemas";
import { settleLocalJobs } from "@/lib/workers/local-jobs";
import { PRODUCT_MSG } from "@/lib/products/schemas";
import { call } from "../helpers/api";
import { alertsUser, makeProduct } from "./alerts-fixtures";

beforeAll(async () => {
  await getDb();
}, 180_000);

const PATH = "/api/insights/flags";

async function priceAt(urlId: string, price: string) {
  const db = await getDb();
  const [row] = await db
    .insert(priceHistory)
    .values({ urlId, price, currency: "EUR", available: true, createdAt: new Date(Date.UTC(2026, 4, 1)) })
    .returning({ id: priceHistory.id });
  await evaluateNewPrice({ priceHistoryId: row!.id });
  return row!.id;
}

describe("GET /api/insights/flags", () => {
  it("lists the user's flags with their evidence, filtered by kind, product and state", async () => {
    const { token, workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId, { name: "Perceuse Bosch" });
    const other = await makeProduct(workspaceId, { name: "Visseuse Makita" });
    const put = await call(updateProduct, `/api/products/${productId}`, {
      method: "PUT",
      token,
      params: { id: productId },
      body: { name: "Perceuse Bosch", min_advertised_price: "99,90" },
    });
    expect(put.status).toBe(200);
    expect(put.json.min_advertised_price).toBe("99.90");
    await settleLocalJobs();
    const reading = await priceAt(urlIds[0]!, "89.00");
    await priceAt(other.urlIds[0]!, "10.00"); // no floor on this product: nothing to flag

    const all = await call(listFlags, PATH, { token });
    expect(all.status).toBe(200);
    expect(all.json).toEqual([
      expect.objectContaining({
        kind: "below_min_advertised",
        kind_label: "Sous le prix minimum annoncé",
        product_id: productId,
        product_name: "Perceuse Bosch",
        url_id: urlIds[0],
        reading_id: reading,
        evidence: expect.objectContaining({ price: "89.00", min_advertised_price: "99.90" }),
        summary: expect.stringContaining("sous le prix minimum annoncé surveillé (99,90"),
        resolved_at: null,
      }),
    ]);
    const byKind = await call(listFlags, PATH, { token, query: { kind: "suspect_promotion" } });
    expect(byKind.json).toEqual([]);
    const byProduct = await call(listFlags, PATH, { token, query: { product_id: other.productId } });
    expect(byProduct.json).toEqual([]);
    expect((await call(listFlags, PATH, { token, query: { status: "resolved" } })).json).toEqual([]);

    await priceAt(urlIds[0]!, "100.00");
    expect((await call(listFlags, PATH, { token })).json).toEqual([]);
    const resolved = await call(listFlags, PATH, { token, query: { status: "resolved", product_id: productId } });
    expect(resolved.json).toHaveLength(1);
    expect(resolved.json[0].resolved_at).not.toBeNull();
  });

  it("asks for authentication, hides other users' products and refuses bad filters in French", async () => {
    expect((await call(listFlags, PATH)).status).toBe(401);
    const owner = await alertsUser();
    const { productId, urlIds } = await makeProduct(owner.workspaceId);
    const db = await getDb();
    await db.update(products).set({ minAdvertisedPrice: "50.00" }).where(eq(products.id, productId));
    await priceAt(urlIds[0]!, "40.00");
    const intruder = await alertsUser();
    const hidden = await call(listFlags, PATH, { token: intruder.token, query: { product_id: productId } });
    expect(hidden.status).toBe(404);
    expect(hidden.json.detail).toBe("Produit introuvable");
    expect((await call(listFlags, PATH, { token: intruder.token })).json).toEqual([]);

    const badKind = await call(listFlags, PATH, { token: owner.token, query: { kind: "promo" } });
    expect(badKind.status).toBe(422);
    expect(badKind.json.detail).toBe(FLAG_MSG.kind);
    const badState = await call(listFlags, PATH, { token: owner.token, query: { status: "closed" } });
    expect(badState.json.detail).toBe(FLAG_MSG.status);
    const badProduct = await call(listFlags, PATH, { token: owner.token, query: { product_id: "12" } });
    expect(badProduct.status).toBe(422);
    const badLimit = await call(listFlags, PATH, { token: owner.token, query: { limit: "0" } });
    expect(badLimit.json.detail).toBe(FLAG_MSG.limit);
  });
});

describe("the promotion-check settings", () => {
  it("refuses a malformed minimum advertised price and creates the two new alert kinds", async () => {
    const { token, workspaceId } = await alertsUser();
    const { productId } = await makeProduct(workspaceId);
    const bad = await call(updateProduct, `/api/products/${productId}`, {
      method: "PUT",
      token,
      params: { id: productId },
      body: { name: "Casque", min_advertised_price: "-3" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe(PRODUCT_MSG.minAdvertisedPrice);
    for (const kind of ["suspect_promotion", "below_min_advertised"]) {
      const created = await call(createRule, `/api/products/${productId}/alerts`, {
        token,
        params: { id: productId },
        body: { kind },
      });
      expect(created.status).toBe(201);
      expect(created.json.kind).toBe(kind);
    }
  });
});
