// The product chart (each merchant's line, my price, the crossed-out price, a keyboard tooltip) and the product
// cards' 30-day sparklines, at 1280 and 390 px, with screenshots.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { baseUrl, launchBrowser } from "../helpers/browser";

const PASSWORD = "motdepasse-solide";
const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const PRODUCT = "Aspirateur balai sans fil";

let browser: Browser;
let merchant: TMerchantServer;
let token: string;
const email = `graphes-${randomUUID().slice(0, 8)}@exemple.fr`;

async function api<T>(route: string, body?: unknown, method = body ? "POST" : "GET"): Promise<T> {
  const res = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as T;
}

async function readings(urlId: string, count: number) {
  for (let i = 0; i < 120; i++) {
    const history = await api<unknown[]>(`/api/scraping/urls/${urlId}/history`);
    if (history.length >= count) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${count} relevés attendus`);
}

async function signedInPage(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: "fr-FR" });
  await page.goto(`${baseUrl()}/login`);
  await page.getByLabel("Adresse email").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL(/\/dashboard$/);
  return page;
}

beforeAll(async () => {
  merchant = await startMerchantServer();
  const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join(".")}`;
  const headers = { "content-type": "application/json", "x-forwarded-for": ip };
  const reg = await fetch(`${baseUrl()}/api/auth/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ first_name: "Inès", last_name: "Marchal", email, password: PASSWORD, planId: null }),
  });
  expect(reg.status).toBe(201);
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  token = ((await login.json()) as { access_token: string }).access_token;

  // A sells at 39,90 € against a crossed-out 59,90 €; B goes from 45,00 € to 42,00 €; my price is 41,50 €
  merchant.setPrice("graphe-b", "45.00");
  const product = await api<{ id: string; urls: { id: string }[] }>("/api/products", {
    name: PRODUCT,
    description: "Suivi des prix chez deux marchands",
    urls: [
      { name: "Boutique A", url: `${merchant.url}/pages/au-lieu-de-sale.html` },
      { name: "Boutique B", url: `${merchant.url}/product/graphe-b` },
    ],
  });
  await api(`/api/products/${product.id}/reference-price`, { reference_price: "41,50" }, "PUT");
  const [a, b] = product.urls.map((u) => u.id);
  await readings(a!, 1);
  await readings(b!, 1);
  merchant.setPrice("graphe-b", "42.00");
  await api(`/api/scraping/urls/${b}/scrape`, {});
  await readings(b!, 2);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await merchant?.close();
});

describe.each([1280, 390])("charts at %i px", (width) => {
  it("shows a sparkline on the product card and the chart with my price, the crossed-out price and a tooltip", async () => {
    const page = await signedInPage(width);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.goto(`${baseUrl()}/products`);
    const card = page.getByTestId("product-card").filter({ hasText: PRODUCT });
    const spark = card.locator("[data-sparkline]");
    await spark.waitFor();
    expect(await spark.getAttribute("aria-label")).toMatch(/^Prix le plus bas sur 30 jours stable : de 39,90/);
    await page.screenshot({ path: path.join(SHOTS, `cartes-sparklines-${width}.png`) });

    await card.click();
    const dialog = page.getByRole("dialog", { name: PRODUCT });
    const chart = dialog.getByRole("region", { name: "Évolution des prix" });
    await chart.getByRole("button", { name: "7 jours" }).click();
    const svg = chart.getByRole("img", { name: /Graphique de l'évolution des prix/ });
    await svg.waitFor();
    await chart.locator("[data-reference-line]").waitFor();
    expect(await chart.locator("[data-reference-line]").textContent()).toContain("Mon prix 41,50");
    expect(await chart.locator("[data-regular-line]").count()).toBe(1);
    expect(await chart.locator("path[stroke-width='1.75']").count()).toBe(2);

    // the keyboard opens the tooltip on the latest readings
    await svg.focus();
    await page.keyboard.press("End");
    const tooltip = chart.getByRole("tooltip");
    await tooltip.waitFor();
    const text = (await tooltip.textContent()) ?? "";
    expect(text).toContain("Boutique A");
    expect(text).toContain("39,90");
    expect(text).toContain("59,90");
    expect(text).toContain("Boutique B");
    expect(text).toContain("42,00");
    expect(text).toContain("Mon prix");
    await chart.scrollIntoViewIfNeeded();
    await chart.screenshot({ path: path.join(SHOTS, `graphe-produit-${width}.png`) });
    await page.keyboard.press("Escape");
    await page.close();
  });
});
