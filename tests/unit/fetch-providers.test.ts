import { describe, expect, it } from "vitest";
import { providerRequest, readProviderAnswer, type TProviderConfig } from "@/lib/fetching/providers";

const cfg = (provider: TProviderConfig["provider"]): TProviderConfig => ({
  provider,
  key: "KEY-1234",
  zone: "web_unlocker1",
  endpoint: null,
});
const T = "https://boutique.fr/p/1";

describe("scraping API adapters", () => {
  it("build each documented request", () => {
    const zyte = providerRequest(cfg("zyte"), T);
    expect(zyte).toMatchObject({ url: "https://api.zyte.com/v1/extract", method: "POST" });
    expect(zyte.headers.authorization).toBe(`Basic ${Buffer.from("KEY-1234:").toString("base64")}`);
    expect(JSON.parse(zyte.body!)).toEqual({ url: T, httpResponseBody: true, httpResponseHeaders: true });
    const bee = new URL(providerRequest(cfg("scrapingbee"), T).url);
    expect(bee.origin + bee.pathname).toBe("https://app.scrapingbee.com/api/v1/");
    expect(Object.fromEntries(bee.searchParams)).toEqual({ api_key: "KEY-1234", url: T, render_js: "false" });
    const sa = new URL(providerRequest(cfg("scraperapi"), T).url);
    expect(sa.origin).toBe("https://api.scraperapi.com");
    expect(sa.searchParams.get("url")).toBe(T);
    const bd = providerRequest(cfg("brightdata"), T);
    expect(bd).toMatchObject({ url: "https://api.brightdata.com/request", method: "POST" });
    expect(bd.headers.authorization).toBe("Bearer KEY-1234");
    expect(JSON.parse(bd.body!)).toEqual({ zone: "web_unlocker1", url: T, format: "raw" });
  });

  it("read pages and the credits each provider reports", () => {
    const html = "<html>ok</html>";
    const zyte = readProviderAnswer(cfg("zyte"), T, {
      status: 200,
      headers: {},
      body: Buffer.from(
        JSON.stringify({
          url: T,
          statusCode: 200,
          httpResponseBody: Buffer.from(html).toString("base64"),
          httpResponseHeaders: [{ name: "Content-Type", value: "text/html" }],
        }),
      ),
    });
    expect(zyte).toMatchObject({ status: 200, html, credits: 1, headers: { "content-type": "text/html" } });
    const bee = readProviderAnswer(cfg("scrapingbee"), T, {
      status: 200,
      headers: { "spb-cost": "25", "spb-initial-status-code": "200", "spb-resolved-url": `${T}?r` },
      body: Buffer.from(html),
    });
    expect(bee).toMatchObject({ credits: 25, finalUrl: `${T}?r` });
    const sa = readProviderAnswer(cfg("scraperapi"), T, {
      status: 404,
      headers: { "sa-credit-cost": "10" },
      body: Buffer.from(html),
    });
    expect(sa).toMatchObject({ status: 404, credits: 10 });
    const bd = readProviderAnswer(cfg("brightdata"), T, {
      status: 200,
      headers: { "x-brd-status-code": "403" },
      body: Buffer.from(html),
    });
    expect(bd).toMatchObject({ status: 403, credits: 1 });
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, bounded to 6 h", async () => {
    const { retryAfterMs } = await import("@/lib/scraping/scrape-url");
    const now = Date.parse("2026-11-26T12:00:00Z");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Thu, 26 Nov 2026 12:05:00 GMT", now)).toBe(300_000);
    expect(retryAfterMs("999999", now)).toBe(6 * 60 * 60 * 1000);
    expect(retryAfterMs("demain", now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});
