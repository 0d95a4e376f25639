import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createProduct } from "@/app/api/products/route";
import { GET as candidatesRoute } from "@/app/api/products/[id]/urls/[urlId]/candidates/route";
import { PUT as priceSourceRoute } from "@/app/api/products/[id]/urls/[urlId]/price-source/route";
import { POST as scrapeRoute } from "@/app/api/scraping/urls/[urlId]/scrape/route";
import { GET as historyRoute } from "@/app/api/scraping/urls/[urlId]/history/route";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls } from "@/db/schema";
import { rateLimit } from "@/lib/core/rate-limit";
import { JobRunner } from "@/lib/workers/job-runner";
import { MANUAL_SCRAPE_LIMIT } from "@/lib/queue/request-url-scrape";
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

type TVariant = { sku: string; size: string; color: string; price: string };

// A phone page whose variants the test changes between scrapes (order, prices, removals).
function phonePage(variants: TVariant[], shown: string): string {
  const ld = {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: "Smartphone Nova 12",
    hasVariant: variants.map((v) => ({
      "@type": "Product",
      sku: v.sku,
      size: v.size,
      color: v.color,
      offers: { "@type": "Offer", price: v.price, priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    })),
  };
  return (
    `<html lang="fr"><head><title>Nova 12</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head>` +
    `<body><main><div class="product"><h1>Smartphone Nova 12</h1><p class="price">${shown}</p>` +
    `<button class="add-to-cart">Ajouter au panier</button></div></main></body></html>`
  );
}

const V128 = { sku: "NOVA12-128-BLK", size: "128 Go", color: "Noir", price: "699.00" };
const V256 = { sku: "NOVA12-256-BLK", size: "256 Go", color: "Noir", price: "799.00" };

async function track(token: string, path: string) {
  const res = await call(createProduct, "/api/products", {
    token,
    body: { name: "Nova 12", urls: [{ name: "TelShop", url: `${merchant.url}${path}`, tracking_frequency: "daily" }] },
  });
  expect(res.status).toBe(201);
  return { productId: res.json.id as string, urlId: res.json.urls[0].id as string };
}

function api(token: string, productId: string, urlId: string) {
  const params = { id: productId, urlId };
  const base = `/api/products/${productId}/urls/${urlId}`;
  return {
    candidates: () => call(candidatesRoute, `${base}/candidates`, { token, params }),
    choose: (body: unknown) => call(priceSourceRoute, `${base}/price-source`, { token, params, method: "PUT", body }),
    scrape: () => call(scrapeRoute, `/api/scraping/urls/${urlId}/scrape`, { token, params: { urlId }, method: "POST" }),
    latest: async () => {
      const res = await call(historyRoute, `/api/scraping/urls/${urlId}/history`, { token, params: { urlId } });
      const entries = Array.isArray(res.json) ? res.json : res.json.entries;
      return entries[0]?.price as number | undefined;
    },
  };
}

describe("the price picker", () => {
  it("lists candidates, keeps a chosen variant by its sku across scrapes, and falls back when it disappears", async () => {
    const { token } = await signUp();
    merchant.setHtml("nova", phonePage([V128, V256], "699,00 €"));
    const { productId, urlId } = await track(token, "/served/nova");
    await runner.drain();
    const u = api(token, productId, urlId);
    expect(await u.latest()).toBe(699);

    const listed = await u.candidates();
    expect(listed.status).toBe(200);
    const list = listed.json.candidates as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({ price: "699", currency: "EUR", source: "données structurées", selected: true });
    const v256 = list.find((c) => c.context === "256 Go – Noir");
    expect(v256).toMatchObject({ price: "799", source: "variante", selected: false, sku: "NOVA12-256-BLK" });
    expect(list.some((c) => c.source === "bloc principal" && c.price === "699")).toBe(true);

    const chosen = await u.choose({ candidate_id: v256!.id });
    expect(chosen.status).toBe(200);
    expect(chosen.json.url.selector).toBe("jsonld:sku=NOVA12-256-BLK");
    await runner.drain();
    expect(await u.latest()).toBe(799);
    const after = (await u.candidates()).json.candidates as Array<Record<string, unknown>>;
    expect(after.find((c) => c.selected)).toMatchObject({ price: "799", context: "256 Go – Noir" });

    // Same template, variants reordered and repriced: the choice follows the sku, not the position.
    merchant.setHtml("nova", phonePage([{ ...V256, price: "749.00" }, V128], "699,00 €"));
    expect((await u.scrape()).status).toBe(202);
    await runner.drain();
    expect(await u.latest()).toBe(749);

    // The variant is gone: automatic price, URL flagged, and the picker says the rule was lost.
    merchant.setHtml("nova", phonePage([V128], "699,00 €"));
    await u.scrape();
    await runner.drain();
    expect(await u.latest()).toBe(699);
    const lost = await u.candidates();
    expect(lost.json).toMatchObject({ rule_lost: true, selector: "jsonld:sku=NOVA12-256-BLK" });

    // A typed selector, then back to automatic.
    expect((await u.choose({ selector: ".price" })).status).toBe(200);
    await runner.drain();
    expect((await u.candidates()).json).toMatchObject({ rule_lost: false, selector: ".price", automatic: false });
    const auto = await u.choose({ automatic: true });
    expect(auto.status).toBe(200);
    expect(auto.json.url).toMatchObject({ selector: null, price_rule_lost: false });
  }, 120_000);

  it("lets the user choose a price on a 'Prix incertain' page, which then stores it", async () => {
    const { token } = await signUp();
    const { productId, urlId } = await track(token, "/pages/uncertain-two-prices.html");
    await runner.drain();
    const u = api(token, productId, urlId);
    expect(await u.latest()).toBeUndefined();
    const list = (await u.candidates()).json.candidates as Array<Record<string, unknown>>;
    expect(list.map((c) => c.price)).toEqual(expect.arrayContaining(["39", "49"]));
    // No price was stored: the extractor's doubtful pick is not presented as the current choice.
    expect(list.filter((c) => c.selected)).toEqual([]);
    const c49 = list.find((c) => c.price === "49" && c.source === "bloc principal");
    expect(c49?.context).toContain("49,00");
    expect((await u.choose({ candidate_id: c49!.id })).status).toBe(200);
    await runner.drain();
    expect(await u.latest()).toBe(49);
    const chosen = (await u.candidates()).json.candidates as Array<Record<string, unknown>>;
    expect(chosen.filter((c) => c.selected).map((c) => c.price)).toEqual(["49"]);
  }, 60_000);

  it("refuses bad choices with a French 4xx", async () => {
    const { token } = await signUp();
    merchant.setHtml("bad", phonePage([V128], "699,00 €"));
    const { productId, urlId } = await track(token, "/served/bad");
    await runner.drain();
    const u = api(token, productId, urlId);
    const empty = await u.choose({});
    expect(empty.status).toBe(422);
    const invalid = await u.choose({ selector: "div[[" });
    expect(invalid.status).toBe(422);
    expect(invalid.json.detail ?? invalid.json.error).toContain("Sélecteur CSS invalide");
    const stale = await u.choose({ candidate_id: "inconnu" });
    expect(stale.status).toBe(409);
    const other = await signUp();
    const foreign = await call(candidatesRoute, `/api/products/${productId}/urls/${urlId}/candidates`, {
      token: other.token,
      params: { id: productId, urlId },
    });
    expect(foreign.status).toBe(404);
  }, 60_000);

  it("saves nothing when the re-scrape it asks for is refused (429): the choice and its scrape are one transaction", async () => {
    const { token, workspaceId } = await signUp();
    merchant.setHtml("limit", phonePage([V128], "699,00 €"));
    const { productId, urlId } = await track(token, "/served/limit");
    await runner.drain();
    for (let i = 0; i < MANUAL_SCRAPE_LIMIT; i++) await rateLimit(`scrape:${workspaceId}`, MANUAL_SCRAPE_LIMIT, 60_000);
    const refused = await api(token, productId, urlId).choose({ selector: ".price" });
    expect(refused.status).toBe(429);
    const db = await getDb();
    const [url] = await db.select().from(productUrls).where(eq(productUrls.id, urlId));
    expect(url!.selector).toBeNull();
  }, 60_000);
});
