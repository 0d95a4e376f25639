// The browser's data layer (client/hooks, SWR): one request per resource however many panels read it, and what an
// action changes in one panel shows at once in the others.
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import {
  baseUrl,
  launchBrowser,
  registerUser,
  signIn,
  submitLogin,
  subscribeThroughDemo,
  waitForReadings,
  watchErrors,
} from "../helpers/browser";

const SUBSCRIPTION = "/api/subscriptions/my-subscription";

let browser: Browser;
let merchant: TMerchantServer;

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await startMerchantServer();
});
afterAll(async () => {
  await browser?.close();
  await merchant?.close();
});

function countRequests(page: Page, pathname: string) {
  const seen = { count: 0 };
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === pathname) seen.count++;
  });
  return seen;
}

describe("client data layer", () => {
  it("requests the subscription once per page load, whatever reads it", async () => {
    const { email } = await registerUser("donnees");
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await signIn(page, email, "/dashboard");
    // the sign-in's own dashboard must be done before counting
    await page.waitForLoadState("networkidle");
    for (const path of ["/dashboard", "/products", "/subscriptions", "/pricing"]) {
      const seen = countRequests(page, SUBSCRIPTION);
      // on a loaded machine the page can be idle before its script has asked: wait for the first request
      const asked = page.waitForRequest((req) => new URL(req.url()).pathname === SUBSCRIPTION);
      await page.goto(`${baseUrl()}${path}`);
      await asked;
      await page.waitForLoadState("networkidle");
      expect(seen.count, path).toBe(1);
      page.removeAllListeners("request");
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("renders the dashboard's plan and stats in its first HTML, then keeps them live", async () => {
    const { email, api } = await registerUser("tableau");
    const product = (name: string) =>
      api("/api/products", { name, urls: [{ name: "Boutique", url: `${merchant.url}/product/${randomUUID()}` }] });
    expect((await product("Théière fonte")).status).toBe(201);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await signIn(page, email, "/dashboard");

    // the browser's own stats request is held until a second product exists: only the server can show 1
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/users/me/stats", async (route) => {
      await held;
      await route.continue();
    });
    const res = await page.goto(`${baseUrl()}/dashboard`);
    const html = (await res?.text()) ?? "";
    expect(html).toMatch(/Mon abonnement<\/h2>.*Freemium/s);
    expect(html).toMatch(/Produits suivis<\/dt><dd[^>]*>1<\/dd>/);
    expect(html).toMatch(/URLs actives<\/dt><dd[^>]*>1<\/dd>/);
    expect(html).not.toContain("Chargement de l&#x27;abonnement");
    // the user menu's code loads after hydration: its button already shows the first name in the first HTML
    expect(html).toMatch(/<header[\s\S]*>Inès<\/span>[\s\S]*<\/header>/);

    expect((await product("Bouilloire cuivre")).status).toBe(201);
    release();
    // the page was not reloaded: the hooks fetched the new counts over the server's
    await page.locator("dt:text-is('Produits suivis') + dd:text-is('2')").waitFor();
    await page.locator("dt:text-is('URLs actives') + dd:text-is('2')").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("lists an alert in the open product's 'Alertes envoyées' as soon as a scrape sent it", async () => {
    const { email, api } = await registerUser("donnees");
    // a plan with e-mail alerts
    await subscribeThroughDemo(api);
    const sub = await api<{ plan: { code: string } }>(SUBSCRIPTION);
    expect(sub.json.plan.code).toBe("professionnel");

    const item = `e2e-alert-${randomUUID().slice(0, 8)}`;
    merchant.setPrice(item, "100.00");
    const created = await api<{ id: string; urls: { id: string }[] }>("/api/products", {
      name: "Cafetière à piston",
      urls: [{ name: "Boutique Café", url: `${merchant.url}/product/${item}` }],
    });
    expect(created.status).toBe(201);
    const productId = created.json.id;
    const urlId = created.json.urls[0].id;
    await waitForReadings(api, urlId, 1);
    const rule = await api(`/api/products/${productId}/alerts`, { kind: "any_change" });
    expect(rule.status).toBe(201);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // the link of an earlier alert e-mail: after the sign-in, the product's own page
    await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent(`/products?product=${productId}`)}`);
    await submitLogin(page, email);
    await page.waitForURL(`${baseUrl()}/products/${productId}`);
    const view = page.getByRole("main");
    await view.getByRole("heading", { level: 1, name: "Cafetière à piston" }).waitFor();
    await view.getByRole("tab", { name: "Alertes" }).click();
    await view.getByText("Aucune alerte envoyée pour ce produit").waitFor();

    merchant.setPrice(item, "90.00");
    await view.getByRole("button", { name: "Relancer le scraping de Boutique Café" }).click();
    // the page is not reloaded: the list follows the scrape and its alert
    const sent = view.getByRole("list", { name: "Alertes envoyées" });
    await sent.getByRole("listitem").first().waitFor({ timeout: 60_000 });
    await expect(view.getByText("Aucune alerte envoyée pour ce produit").count()).resolves.toBe(0);
    await page.close();
  });
});
