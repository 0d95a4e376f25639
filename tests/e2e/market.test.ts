// The 'Vue marché' screen on a desktop (1280 px) and a phone (390 px): server-rendered positioning with my
// position against two merchants, the move since yesterday linking to its product, filters, exports, the
// dashboard card and the navbar link. Screenshots in test-results/screenshots.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { baseUrl, launchBrowser, watchErrors } from "../helpers/browser";

const PASSWORD = "motdepasse-solide";
const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");

let browser: Browser;
let merchant: TMerchantServer;
let token: string;
let productId: string;
const email = `marche-${randomUUID().slice(0, 8)}@exemple.fr`;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function readings(urlId: string, count: number) {
  for (let i = 0; i < 120; i++) {
    const history = await api<unknown[]>("GET", `/api/scraping/urls/${urlId}/history`);
    if (history.length >= count) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${count} relevés attendus`);
}

async function signedInPage(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: "fr-FR" });
  await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent("/market")}`);
  await page.getByLabel("Adresse email").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL(/\/market$/);
  return page;
}

beforeAll(async () => {
  merchant = await startMerchantServer();
  const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join(".")}`;
  const headers = { "content-type": "application/json", "x-forwarded-for": ip };
  const reg = await fetch(`${baseUrl()}/api/auth/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ first_name: "Inès", last_name: "Marchand", email, password: PASSWORD, planId: null }),
  });
  expect(reg.status).toBe(201);
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  token = ((await login.json()) as { access_token: string }).access_token;

  merchant.setPrice("marche-a", "105.00");
  merchant.setPrice("marche-b", "110.00");
  const product = await api<{ id: string; urls: { id: string }[] }>("POST", "/api/products", {
    name: "Machine à café broyeur",
    urls: [
      { name: "Boutique A", url: `${merchant.url}/product/marche-a` },
      { name: "Boutique B", url: `${merchant.url}/product/marche-b` },
    ],
  });
  productId = product.id;
  const [a, b] = product.urls.map((u) => u.id);
  await readings(a!, 1);
  await readings(b!, 1);
  // a drop at Boutique A: 105,00 € → 99,00 €
  merchant.setPrice("marche-a", "99.00");
  await api("POST", `/api/scraping/urls/${a}/scrape`, {});
  await readings(a!, 2);
  await api("PUT", `/api/products/${productId}/reference-price`, { reference_price: "102.00" });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await merchant?.close();
});

describe("Vue marché", () => {
  it("on a desktop: my position, the index, the export links, the navbar link and a filter", async () => {
    const page = await signedInPage(1280);
    const errors = watchErrors(page);
    const table = page.getByRole("table", { name: "Positionnement par produit" });
    const row = table.getByRole("row").filter({ hasText: "Machine à café broyeur" });
    // 102 against 99 (cheapest) and 104.50 (average): 3,03 % above the cheapest
    await expect.poll(() => row.textContent()).toContain("Plus cher");
    const text = (await row.textContent())!.replace(/\s/g, " ");
    expect(text).toContain("102,00 €");
    expect(text).toContain("99,00 €");
    expect(text).toContain("104,50 €");
    expect(text).toContain("+3,03 %");
    await expect(page.getByRole("link", { name: "Vue marché" }).getAttribute("aria-current")).resolves.toBe("page");
    const csv = page.getByRole("link", { name: "Exporter en CSV" });
    expect(await csv.getAttribute("href")).toMatch(/^\/api\/insights\/overview\.csv\?/);
    const changes = page.locator("li").filter({ hasText: "Baisse" });
    await changes.first().waitFor();
    expect(await changes.first().getByRole("link").getAttribute("href")).toBe(`/products/${productId}`);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "vue-marche-1280.png"), fullPage: true });

    await page.getByRole("combobox", { name: /^Position/ }).selectOption("cheapest");
    await page.getByText("Aucun produit ne correspond à ces filtres.").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("on a phone: the product as a card within the screen, the dashboard card", async () => {
    const page = await signedInPage(390);
    const errors = watchErrors(page);
    const cards = page.getByRole("list", { name: "Positionnement par produit" });
    const card = cards.getByRole("listitem").filter({ hasText: "Machine à café broyeur" });
    await card.waitFor();
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SHOTS, "vue-marche-390.png"), fullPage: true });

    await page.goto(`${baseUrl()}/dashboard`);
    const heading = page.getByRole("heading", { name: "Vue marché" });
    await heading.waitFor();
    await page.getByText("Indice prix du catalogue").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
