// The product chart (each merchant's line, my price, the crossed-out price, a keyboard tooltip; a URL never read;
// a single reading) and the product cards' 30-day sparklines, at 1280 and 390 px, with screenshots.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { baseUrl, launchBrowser, registerUser, signIn, waitForReadings } from "../helpers/browser";

const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const PRODUCT = "Aspirateur balai sans fil";
const NO_READING = "Casque jamais relevé";
const ONE_READING = "Enceinte relevée une fois";

let browser: Browser;
let merchant: TMerchantServer;
let email: string;

async function signedInPage(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: "fr-FR" });
  await signIn(page, email);
  return page;
}

beforeAll(async () => {
  merchant = await startMerchantServer();
  const user = await registerUser("graphes", { first_name: "Inès", last_name: "Marchal" });
  email = user.email;
  // A sells at 39,90 € against a crossed-out 59,90 €; B goes from 45,00 € to 42,00 €; my price is 41,50 €
  merchant.setPrice("graphe-b", "45.00");
  const product = await user.ok<{ id: string; urls: { id: string }[] }>("/api/products", {
    name: PRODUCT,
    description: "Suivi des prix chez deux marchands",
    urls: [
      { name: "Boutique A", url: `${merchant.url}/pages/au-lieu-de-sale.html` },
      { name: "Boutique B", url: `${merchant.url}/product/graphe-b` },
    ],
  });
  await user.ok(`/api/products/${product.id}/reference-price`, { reference_price: "41,50" }, "PUT");
  const [a, b] = product.urls.map((u) => u.id);
  await waitForReadings(user.api, a!, 1);
  await waitForReadings(user.api, b!, 1);
  merchant.setPrice("graphe-b", "42.00");
  await user.ok(`/api/scraping/urls/${b}/scrape`, {});
  await waitForReadings(user.api, b!, 2);

  // a URL whose page fails (no reading ever) and a URL read once, each the only one of its product, my price set
  const none = await user.ok<{ id: string; urls: { id: string }[] }>("/api/products", {
    name: NO_READING,
    urls: [{ name: "Boutique C", url: `${merchant.url}/status/404` }],
  });
  await user.ok(`/api/products/${none.id}/reference-price`, { reference_price: "89,00" }, "PUT");
  const one = await user.ok<{ id: string; urls: { id: string }[] }>("/api/products", {
    name: ONE_READING,
    urls: [{ name: "Boutique D", url: `${merchant.url}/product/graphe-d?price=24.90` }],
  });
  await user.ok(`/api/products/${one.id}/reference-price`, { reference_price: "26,00" }, "PUT");
  await waitForReadings(user.api, one.urls[0]!.id, 1);
  for (let i = 0; i < 120; i++) {
    const urls = await user.api<{ last_status: string }[]>(`/api/products/${none.id}/urls`);
    if (urls.json.some((u) => u.last_status !== "pending")) break;
    await new Promise((r) => setTimeout(r, 500));
  }
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
    // the 7-day answer drawn (not the 30-day view it replaces), and the pointer off the chart: a pointer over it
    // moves the tooltip's cursor too
    await chart.locator("xpath=self::*[@aria-busy='false']").waitFor({ timeout: 60_000 });
    await page.mouse.move(0, 0);
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

describe.each([
  [1280, 800],
  [390, 844],
])("a product chart with no reading, or a single one, at %i×%i", (width, height) => {
  const RANGES = ["7 jours", "30 jours", "90 jours", "Tout"];

  async function openChart(page: Page, name: string) {
    await page.goto(`${baseUrl()}/products`);
    await page.getByTestId("product-card").filter({ hasText: name }).click();
    const chart = page.getByRole("dialog", { name }).getByRole("region", { name: "Évolution des prix" });
    await chart.waitFor();
    return chart;
  }

  /** Shows a range and waits for its own answer (the button pressed and the chart no longer busy). */
  async function showRange(chart: Locator, range: string) {
    await chart.getByRole("button", { name: range }).click();
    await chart.locator("xpath=self::*[@aria-busy='false']").waitFor({ timeout: 60_000 });
    expect(await chart.getByRole("button", { name: range }).getAttribute("aria-pressed")).toBe("true");
    await chart.scrollIntoViewIfNeeded();
  }

  it("says that a URL has no reading: no grey block, no line colour, no reference line in the legend", async () => {
    const page = await browser.newPage({ viewport: { width, height }, locale: "fr-FR" });
    await signIn(page, email);
    fs.mkdirSync(SHOTS, { recursive: true });
    const chart = await openChart(page, NO_READING);
    for (const range of RANGES) {
      await showRange(chart, range);
      expect(await chart.getByRole("status", { name: "Chargement du graphique" }).count()).toBe(0);
      await chart.getByText("Aucun prix relevé sur cette période").waitFor();
      expect(await chart.getByRole("img").count()).toBe(0);
      const legend = (await chart.getByRole("list", { name: "Marchands" }).textContent()) ?? "";
      expect(legend).toBe("Boutique C(aucun relevé sur la période)");
      expect(await chart.textContent()).not.toContain("Mon prix");
    }
    await chart.screenshot({ path: path.join(SHOTS, `graphe-sans-releve-${width}.png`) });
    await page.close();
  });

  it("draws a single reading as one dot, with time labels that never overlap, in every range", async () => {
    const page = await browser.newPage({ viewport: { width, height }, locale: "fr-FR" });
    await signIn(page, email);
    const chart = await openChart(page, ONE_READING);
    for (const range of RANGES) {
      await showRange(chart, range);
      const svg = chart.getByRole("img", { name: /Graphique de l'évolution des prix/ });
      await svg.waitFor();
      expect(await svg.locator("[data-reading]").count()).toBe(1);
      expect(await chart.textContent()).toMatch(/Mon prix \(26,00\s€\)/);
      expect(await chart.textContent()).not.toContain("aucun relevé");
      const ticks = await svg.locator("[data-x-tick]").evaluateAll((els) =>
        els.map((el) => {
          const box = (el as SVGGraphicsElement).getBoundingClientRect();
          return { text: el.textContent ?? "", left: box.left, right: box.right };
        }),
      );
      expect(ticks.length, range).toBeGreaterThanOrEqual(1);
      expect(new Set(ticks.map((t) => t.text)).size, range).toBe(ticks.length);
      for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.left, range).toBeGreaterThan(ticks[i - 1]!.right);
      await chart.screenshot({ path: path.join(SHOTS, `graphe-un-releve-${range.split(" ")[0]}-${width}.png`) });
    }
    await page.close();
  });
});
