import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { fetchBudget, fetchSettings, fetchUsage, productUrls, scrapeTasks, shopAccess } from "@/db/schema";
import { GET as getAccess, PUT as putAccess } from "@/app/api/access/route";
import { PUT as putShop } from "@/app/api/access/shops/route";
import { POST as createProduct } from "@/app/api/products/route";
import { CAP_REACHED, fetchViaProvider } from "@/lib/fetching/fetch-via-provider";
import { currentMonth } from "@/lib/fetching/provider-budget";
import type { TProvider } from "@/lib/fetching/providers";
import { JobRunner } from "@/lib/workers/job-runner";
import { closeBrowser } from "@/lib/scraping/browser";
import { ScrapeError } from "@/lib/scraping/scrape-error";
import { call, signUp } from "../helpers/api";
import { addMember, tokenIn } from "../helpers/workspaces";
import { startBlockedShop, startCountingProxy, startFakeProviders } from "../fixtures/fake-access-servers";

const KEY = "zk_live_VeryS3cretProviderKey9f2c";

let shop: Awaited<ReturnType<typeof startBlockedShop>>;
let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
let providers: Awaited<ReturnType<typeof startFakeProviders>>;
let runner: JobRunner;
const logged: string[] = [];

beforeAll(async () => {
  shop = await startBlockedShop();
  proxy = await startCountingProxy();
  providers = await startFakeProviders(KEY);
  runner = new JobRunner({ concurrency: 2, retryDelayMs: () => 0, scrape: { browser: false } });
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(
        args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : (JSON.stringify(a) ?? String(a)))).join(" "),
      );
    });
  }
});

afterEach(() => {
  providers.state.cost = 1;
});

afterAll(async () => {
  await runner.stop(1000);
  await Promise.all([shop.close(), proxy.close(), providers.close()]);
  vi.restoreAllMocks();
});

async function configure(
  token: string,
  workspaceId: string,
  provider: TProvider | null,
  extra: Record<string, unknown> = {},
) {
  const res = await call(putAccess, "/api/access", {
    method: "PUT",
    token,
    body: {
      provider,
      providerKey: provider ? KEY : undefined,
      providerZone: provider === "brightdata" ? "web_unlocker1" : null,
      monthlyCap: 1000,
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(200);
  // the schema takes https endpoints only; the fake providers are plain http on 127.0.0.1 (allowed in tests)
  if (provider) {
    const db = await getDb();
    await db
      .update(fetchSettings)
      .set({ providerEndpoint: providers.endpoints[provider] })
      .where(eq(fetchSettings.workspaceId, workspaceId));
  }
  return res;
}

async function scrapeOnce(token: string, path: string) {
  const res = await call(createProduct, "/api/products", {
    token,
    body: {
      name: `Produit ${path}`,
      urls: [{ name: "Boutique", url: `${shop.url}${path}`, tracking_frequency: "daily" }],
    },
  });
  expect(res.status, res.text).toBe(201);
  await runner.drain();
  const db = await getDb();
  const [row] = await db.select().from(productUrls).where(eq(productUrls.id, res.json.urls[0].id));
  return row!;
}

async function shopRow(workspaceId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(shopAccess)
    .where(and(eq(shopAccess.workspaceId, workspaceId), eq(shopAccess.host, "127.0.0.1")));
  return row;
}

describe("fetch strategies per shop", () => {
  it("without any configured access, a walled shop is 'blocked' (direct only)", async () => {
    const { token } = await signUp();
    const row = await scrapeOnce(token, "/product/nothing");
    expect(row.lastStatus).toBe("blocked");
    expect(row.lastError).toContain("DataDome");
  });

  for (const provider of ["zyte", "scrapingbee", "scraperapi", "brightdata"] as const) {
    it(`a blocked shop gets its price through ${provider}, with the credits it reports`, async () => {
      const { token, workspaceId } = await signUp();
      await configure(token, workspaceId, provider);
      providers.state.cost = 5;
      const before = providers.state.calls[provider];
      const row = await scrapeOnce(token, `/cf/${provider}`);
      expect(row.lastStatus).toBe("ok");
      expect(Number(row.latestPrice)).toBe(49.9);
      expect(providers.state.calls[provider]).toBe(before + 1);
      const usage = (await call(getAccess, "/api/access", { token })).json.usage;
      const reported = provider === "scrapingbee" || provider === "scraperapi" ? 5 : 1;
      expect(usage).toMatchObject({
        requests: 1,
        credits: reported,
        shops: [{ host: "127.0.0.1", requests: 1, credits: reported }],
      });
    });
  }

  it("'Automatique' remembers the path that worked and goes back to direct after 24 h", async () => {
    const { token, workspaceId } = await signUp();
    await configure(token, workspaceId, "scrapingbee");
    await scrapeOnce(token, "/product/a");
    expect(await shopRow(workspaceId)).toMatchObject({ lastPath: "provider", attempts: 1, successes: 1 });

    const direct = shop.state.direct;
    await scrapeOnce(token, "/product/b");
    expect(shop.state.direct).toBe(direct); // straight to the provider: no direct request

    const db = await getDb();
    await db
      .update(shopAccess)
      .set({ lastPathAt: sql`now() - interval '25 hours'` })
      .where(eq(shopAccess.workspaceId, workspaceId));
    await scrapeOnce(token, "/product/c");
    expect(shop.state.direct).toBe(direct + 1); // the cheapest path is tried again, then the provider
    expect(await shopRow(workspaceId)).toMatchObject({ lastPath: "provider", attempts: 3, successes: 3 });
  });

  it("'Automatique' escalates direct → browser → provider when the browser is walled too", async () => {
    const withBrowser = new JobRunner({ concurrency: 1, retryDelayMs: () => 0 });
    try {
      const { token, workspaceId } = await signUp();
      await configure(token, workspaceId, "zyte");
      const direct = shop.state.direct;
      const calls = providers.state.calls.zyte;
      const res = await call(createProduct, "/api/products", {
        token,
        body: {
          name: "Produit navigateur",
          urls: [{ name: "Boutique", url: `${shop.url}/product/browser`, tracking_frequency: "daily" }],
        },
      });
      await withBrowser.drain();
      const db = await getDb();
      const [row] = await db.select().from(productUrls).where(eq(productUrls.id, res.json.urls[0].id));
      expect(row!.lastStatus).toBe("ok");
      expect(shop.state.direct - direct).toBeGreaterThanOrEqual(2); // the static fetch, then Chromium's
      expect(providers.state.calls.zyte - calls).toBe(1);
      expect(await shopRow(workspaceId)).toMatchObject({ lastPath: "provider" });
    } finally {
      await withBrowser.stop(1000);
      await closeBrowser();
    }
  });

  it("the customer's proxies: authenticated, counted, and the target is asked by its checked address", async () => {
    const { token, workspaceId } = await signUp();
    const proxyUrl = `http://${proxy.user}:${proxy.pass}@127.0.0.1:${proxy.port}`;
    await configure(token, workspaceId, null, { proxies: [proxyUrl] });
    const res = await call(putShop, "/api/access/shops", {
      method: "PUT",
      token,
      body: { host: "127.0.0.1", strategy: "proxy", stickyProxy: true },
    });
    expect(res.status, res.text).toBe(200);
    const before = proxy.state.connections;
    const row = await scrapeOnce(token, "/product/proxy");
    expect(row.lastStatus).toBe("ok");
    expect(Number(row.latestPrice)).toBe(49.9);
    expect(proxy.state.connections).toBeGreaterThan(before);
    expect(proxy.state.targets.at(-1)).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(await shopRow(workspaceId)).toMatchObject({ strategy: "proxy", lastPath: "proxy" });

    const settings = await call(getAccess, "/api/access", { token });
    expect(settings.json.proxies).toEqual([`http://127.0.0.1:${proxy.port}`]);
    expect(settings.text).not.toContain(proxy.pass);
  });

  it("wrong proxy credentials say so", async () => {
    const { token } = await signUp();
    await call(putAccess, "/api/access", {
      method: "PUT",
      token,
      body: { provider: null, proxies: [`http://client:wrong@127.0.0.1:${proxy.port}`], monthlyCap: 10 },
    });
    await call(putShop, "/api/access/shops", { method: "PUT", token, body: { host: "127.0.0.1", strategy: "proxy" } });
    const row = await scrapeOnce(token, "/product/badproxy");
    expect(row.lastError).toBe("Identifiants du proxy refusés (HTTP 407)");
  });
});

describe("politeness", () => {
  it("a 429 with Retry-After: 120 is not retried sooner", async () => {
    const { token } = await signUp();
    const started = Date.now();
    const row = await scrapeOnce(token, "/busy/item");
    expect(row.lastError).toContain("HTTP 429");
    const db = await getDb();
    const [task] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.urlId, row.id));
    expect(task!.status).toBe("retry");
    expect(task!.runAt!.getTime() - started).toBeGreaterThanOrEqual(120_000);
  });
});

describe("costs and the monthly cap", () => {
  it("the cap stops spending at the limit under concurrency", async () => {
    const { workspaceId } = await signUp();
    const db = await getDb();
    const before = providers.state.calls.scrapingbee;
    const config = {
      provider: "scrapingbee" as const,
      key: KEY,
      zone: null,
      endpoint: providers.endpoints.scrapingbee,
    };
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        fetchViaProvider(`${shop.url}/product/cap-${i}`, {
          db,
          workspaceId,
          host: "127.0.0.1",
          cap: 10,
          config,
          allowPrivate: true,
        }),
      ),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect((r as PromiseRejectedResult).reason.message).toBe(CAP_REACHED);
    expect(providers.state.calls.scrapingbee - before).toBe(10);
    const [usage] = await db.select().from(fetchUsage).where(eq(fetchUsage.workspaceId, workspaceId));
    expect(usage).toMatchObject({ requests: 10, credits: "10.00", month: currentMonth() });
    const [budget] = await db.select().from(fetchBudget).where(eq(fetchBudget.workspaceId, workspaceId));
    expect(Number(budget!.reserved)).toBe(10);
  });

  it("a URL whose shop needs the provider says why once the cap is reached", async () => {
    const { token, workspaceId } = await signUp();
    await configure(token, workspaceId, "scraperapi", { monthlyCap: 0 });
    const before = providers.state.calls.scraperapi;
    const row = await scrapeOnce(token, "/product/capped");
    expect(row.lastError).toBe("Plafond mensuel du fournisseur atteint");
    expect(row.lastStatus).toBe("error");
    expect(providers.state.calls.scraperapi).toBe(before);
  });

  it("provider errors are reported in French and cost nothing", async () => {
    const { workspaceId } = await signUp();
    const db = await getDb();
    const cases: [TProvider, string, RegExp][] = [
      ["zyte", "fail-429-xxxxxx", /Zyte API : trop de requêtes simultanées \(HTTP 429\)/],
      ["zyte", "fail-520-xxxxxx", /Zyte API n'a pas pu obtenir la page \(HTTP 520\)/],
      ["zyte", "not-the-key-1234", /Zyte API : clé refusée ou crédits épuisés \(HTTP 401\)/],
      ["scrapingbee", "fail-429-xxxxxx", /ScrapingBee : trop de requêtes simultanées/],
      ["scrapingbee", "fail-500-xxxxxx", /ScrapingBee n'a pas pu obtenir la page \(HTTP 500\)/],
      ["scrapingbee", "not-the-key-1234", /ScrapingBee : clé refusée ou crédits épuisés \(HTTP 401\)/],
      ["scraperapi", "not-the-key-1234", /ScraperAPI : clé refusée ou crédits épuisés \(HTTP 403\)/],
      ["scraperapi", "fail-500-xxxxxx", /ScraperAPI n'a pas pu obtenir la page \(HTTP 500\)/],
      ["brightdata", "fail-200-xxxxxx", /Bright Data Web Unlocker n'a pas pu débloquer la page \(unblock_failed\)/],
      ["brightdata", "not-the-key-1234", /Bright Data Web Unlocker : clé refusée ou crédits épuisés \(HTTP 401\)/],
    ];
    for (const [provider, key, message] of cases) {
      const config = { provider, key, zone: "web_unlocker1", endpoint: providers.endpoints[provider] };
      const error = await fetchViaProvider(`${shop.url}/product/err`, {
        db,
        workspaceId,
        host: "127.0.0.1",
        cap: 100,
        config,
        allowPrivate: true,
      }).catch((e) => e);
      expect(error, `${provider} ${key}`).toBeInstanceOf(ScrapeError);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain(key);
    }
    expect(await db.select().from(fetchUsage).where(eq(fetchUsage.workspaceId, workspaceId))).toEqual([]);
    const [budget] = await db.select().from(fetchBudget).where(eq(fetchBudget.workspaceId, workspaceId));
    expect(Number(budget!.reserved)).toBe(0);
  });

  it("the target must be a public address even through a provider; the endpoint must be https", async () => {
    const { workspaceId } = await signUp();
    const db = await getDb();
    const before = providers.state.calls.zyte;
    const o = { db, workspaceId, host: "127.0.0.1", cap: 100, allowPrivate: false };
    const target = await fetchViaProvider("http://127.0.0.1/admin", {
      ...o,
      config: { provider: "zyte", key: KEY, zone: null, endpoint: "https://api.zyte.com/v1/extract" },
    }).catch((e) => e);
    expect(target.code).toBe("blocked_address");
    const endpoint = await fetchViaProvider("http://93.184.216.34/", {
      ...o,
      config: { provider: "zyte", key: KEY, zone: null, endpoint: "http://api.zyte.com/v1/extract" },
    }).catch((e) => e);
    expect(endpoint.message).toBe("L'adresse du fournisseur doit commencer par https://");
    expect(providers.state.calls.zyte).toBe(before);
  });
});

describe("secrets", () => {
  it("a key is stored sealed, never returned, never logged; only an owner changes it", async () => {
    const owner = await signUp();
    const res = await configure(owner.token, owner.workspaceId, "zyte");
    expect(res.text).not.toContain(KEY);
    expect(res.json.settings.providerKey).toBe(`••••${KEY.slice(-4)}`);
    const db = await getDb();
    const [row] = await db.select().from(fetchSettings).where(eq(fetchSettings.workspaceId, owner.workspaceId));
    expect(row!.providerKeyEnc).not.toContain(KEY);
    expect(row!.providerKeyEnc).toMatch(/^v1\./);

    // saving again without the key keeps it
    const again = await call(putAccess, "/api/access", {
      method: "PUT",
      token: owner.token,
      body: { provider: "zyte", monthlyCap: 50 },
    });
    expect(again.status).toBe(200);
    const [kept] = await db.select().from(fetchSettings).where(eq(fetchSettings.workspaceId, owner.workspaceId));
    expect(kept!.providerKeyEnc).toBe(row!.providerKeyEnc);

    const editor = await signUp();
    await addMember(owner.workspaceId, editor.userId, "editor");
    const editorToken = await tokenIn(owner.workspaceId, editor.userId);
    const seen = await call(getAccess, "/api/access", { token: editorToken });
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain(KEY);
    const refused = await call(putAccess, "/api/access", {
      method: "PUT",
      token: editorToken,
      body: { provider: null, monthlyCap: 1 },
    });
    expect(refused.status).toBe(403);
    const shopRefused = await call(putShop, "/api/access/shops", {
      method: "PUT",
      token: editorToken,
      body: { host: "boutique.fr", strategy: "direct" },
    });
    expect(shopRefused.status).toBe(403);

    await scrapeOnce(owner.token, "/product/logged");
    expect(logged.join("\n")).not.toContain(KEY);
    expect(logged.join("\n")).not.toContain(proxy.pass);
  });

  it("bad input gets a clear French 4xx", async () => {
    const { token } = await signUp();
    const put = (body: unknown) => call(putAccess, "/api/access", { method: "PUT", token, body });
    expect((await put({ provider: "zyte", monthlyCap: 10 })).json.detail).toBe("La clé du fournisseur est obligatoire");
    expect((await put({ provider: "brightdata", providerKey: KEY, monthlyCap: 10 })).status).toBe(422);
    expect(
      (await put({ provider: "zyte", providerKey: KEY, providerEndpoint: "http://x.fr/", monthlyCap: 1 })).json.detail,
    ).toBe("L'adresse du fournisseur doit commencer par https://");
    expect((await put({ provider: null, proxies: ["ftp://x:1"], monthlyCap: 1 })).status).toBe(422);
    expect((await put({ provider: null, monthlyCap: -1 })).status).toBe(422);
    const shopRes = await call(putShop, "/api/access/shops", {
      method: "PUT",
      token,
      body: { host: "../etc", strategy: "auto" },
    });
    expect(shopRes.json.detail).toBe("Boutique invalide : indiquez son nom de domaine (ex. boutique.fr)");
  });
});
