// The product chart (each merchant's line, my price, the crossed-out price, a keyboard tooltip) and the product
// cards' 30-day sparklines, at 1280 and 390 px, with screenshots.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { baseUrl, launchBrowser, registerUser, signIn, waitForReadings } from "../helpers/browser";

const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const PRODUCT = "Aspirateur balai sans fil";

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
