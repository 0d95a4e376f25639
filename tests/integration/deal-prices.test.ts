import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createProduct } from "@/app/api/products/route";
import { GET as candidatesRoute } from "@/app/api/products/[id]/urls/[urlId]/candidates/route";
import { PUT as priceSourceRoute } from "@/app/api/products/[id]/urls/[urlId]/price-source/route";
import { GET as historyRoute } from "@/app/api/scraping/urls/[urlId]/history/route";
import { JobRunner } from "@/lib/workers/job-runner";
import { call, signUp } from "../helpers/api";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;
let runner: JobRunner;

beforeAll(async () => {
  merchant = await startMerchantServer();
  runner = new JobRunner({ concurrency: 2, retryDelayMs: () => 0 });
});

afterAll(async () => {
  await runner.stop(1000);
  await merchant.close();
});

async function firstReading(page: string) {
  return (await track(page)).entry;
}

async function track(page: string) {
  const { token } = await signUp();
  const res = await call(createProduct, "/api/products", {
    token,
    body: {
      name: page,
      urls: [{ name: "Boutique", url: `${merchant.url}/pages/${page}`, tracking_frequency: "daily" }],
    },
  });
  expect(res.status).toBe(201);
  const urlId = res.json.urls[0].id as string;
  await runner.drain();
  const history = await call(historyRoute, `/api/scraping/urls/${urlId}/history`, { token, params: { urlId } });
  expect(history.status).toBe(200);
  const entries = Array.isArray(history.json) ? history.json : history.json.entries;
  return { token, urlId, productId: res.json.id as string, entry: entries[0] as Record<string, unknown> };
}

describe("deal, member and coupon prices, and availability the page does not state", () => {
  it("stores the public deal price, with its crossed-out price", async () => {
    expect(await firstReading("deal-limited-time.html")).toMatchObject({
      price: 189.99,
      regular_price: 249.99,
      member_price: null,
      coupon_price: null,
      availability: true,
      availability_stated: true,
    });
  }, 60_000);

  it("records a member price and a coupon price beside the price, never instead of it", async () => {
    expect(await firstReading("member-price-text-only.html")).toMatchObject({ price: 199.99, member_price: 179.99 });
    expect(await firstReading("coupon-price.html")).toMatchObject({ price: 89.9, coupon_price: 79.9 });
  }, 60_000);

  it("says 'non précisée' when an in-store page states no stock", async () => {
    expect(await firstReading("in-store-no-stock.html")).toMatchObject({
      price: 299,
      availability: true,
      availability_stated: false,
    });
  }, 60_000);

  it("stores a marketplace page's offers, the buy-box one as the price with its own shipping", async () => {
    const entry = await firstReading("marketplace-sellers-crossed.html");
    expect(entry).toMatchObject({ price: 219, regular_price: null, shipping: 0 });
    const offers = entry.offers as Array<Record<string, unknown>>;
    expect(offers.map((o) => [o.seller, o.price, o.shipping, o.condition, o.buyBox])).toEqual([
      ["MegaPlace", "219", "0", "new", true],
      ["GameDiscount", "199.99", "9.99", "new", false],
      ["ReGame", "149", "4.9", "used", false],
    ]);
  }, 60_000);

  it("lets the user choose 'l'offre la moins chère (neuf, livraison comprise)', a correction of the buy-box", async () => {
    const { token, urlId, productId } = await track("marketplace-sellers-crossed.html");
    const params = { id: productId, urlId };
    const base = `/api/products/${productId}/urls/${urlId}`;
    const listed = await call(candidatesRoute, `${base}/candidates`, { token, params });
    const cheapest = (listed.json.candidates as Array<Record<string, unknown>>).find(
      (c) => c.context === "L'offre la moins chère (neuf, livraison comprise)",
    );
    expect(cheapest).toMatchObject({ price: "199.99", source: "offre d'un vendeur" });
    const chosen = await call(priceSourceRoute, `${base}/price-source`, {
      token,
      params,
      method: "PUT",
      body: { candidate_id: cheapest!.id },
    });
    expect(chosen.status).toBe(200);
    await runner.drain();
    const history = await call(historyRoute, `/api/scraping/urls/${urlId}/history`, { token, params: { urlId } });
    const entries = (Array.isArray(history.json) ? history.json : history.json.entries) as Array<
      Record<string, unknown>
    >;
    expect(entries[0]).toMatchObject({ price: 199.99, shipping: 9.99, regular_price: 299, kind: "correction" });
    expect(entries[1]).toMatchObject({ price: 219, corrected_by: entries[0]!.id });
  }, 60_000);
});
