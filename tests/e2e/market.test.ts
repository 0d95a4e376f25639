// The 'Vue marché' screen on a desktop (1280 px) and a phone (390 px): server-rendered positioning with my
// position against two merchants, the move since yesterday linking to its product, filters, exports, the
// dashboard card and the navbar link. Screenshots in test-results/screenshots.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import {
  baseUrl,
  launchBrowser,
  registerUser,
  signIn,
  subscribeThroughDemo,
  waitForReadings,
  watchErrors,
} from "../helpers/browser";

const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");

let browser: Browser;
let merchant: TMerchantServer;
let email: string;
let productId: string;

async function signedInPage(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: "fr-FR" });
  await signIn(page, email, "/market");
  return page;
}

beforeAll(async () => {
  merchant = await startMerchantServer();
  const user = await registerUser("marche", { first_name: "Inès", last_name: "Marchand" });
  email = user.email;
  merchant.setPrice("marche-a", "105.00");
  merchant.setPrice("marche-b", "110.00");
  const product = await user.ok<{ id: string; urls: { id: string }[] }>("/api/products", {
    name: "Machine à café broyeur",
    urls: [
      { name: "Boutique A", url: `${merchant.url}/product/marche-a` },
      { name: "Boutique B", url: `${merchant.url}/product/marche-b` },
    ],
  });
  productId = product.id;
  const [a, b] = product.urls.map((u) => u.id);
  await waitForReadings(user.api, a!, 1);
  await waitForReadings(user.api, b!, 1);
  // a drop at Boutique A: 105,00 € → 99,00 €
  merchant.setPrice("marche-a", "99.00");
  await user.ok(`/api/scraping/urls/${a}/scrape`, {});
  await waitForReadings(user.api, a!, 2);
  await user.ok(`/api/products/${productId}/reference-price`, { reference_price: "102.00" }, "PUT");
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
    // the eight columns fit: the last one needs no sideways scroll
    expect(
      await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(0);
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
    // the merchants table fits its half of the screen: its last column needs no sideways scroll
    const merchants = page.getByRole("table", { name: "Marchands" });
    await merchants.getByRole("columnheader", { name: "Ruptures" }).waitFor();
    const overflow = await merchants.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "vue-marche-1280.png"), fullPage: true });

    await page.getByRole("combobox", { name: /^Position/ }).selectOption("cheapest");
    await page.getByText("Aucun produit ne correspond à ces filtres.").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("compares on the price with shipping when asked, and keeps that in the page's address", async () => {
    const page = await signedInPage(1280);
    const errors = watchErrors(page);
    const basis = page.getByRole("combobox", { name: /^Comparer sur/ });
    expect(await basis.inputValue()).toBe("price");
    // the merchants and the changes compare on the same basis as the table
    const asked = (path: string) =>
      page.waitForResponse((r) => r.url().includes(path) && new URL(r.url()).searchParams.get("basis") === "total");
    const merchantsTotal = asked("/api/insights/merchants");
    const changesTotal = asked("/api/insights/changes");
    await basis.selectOption("total");
    expect((await (await merchantsTotal).json()).basis).toBe("total");
    expect((await (await changesTotal).json()).basis).toBe("total");
    await page.getByText("Prix livraison comprise quand la page indique les frais de port").waitFor();
    await expect.poll(() => page.url()).toContain("basis=total");
    await expect
      .poll(() => page.getByRole("link", { name: "Exporter en CSV" }).getAttribute("href"))
      .toContain("basis=total");
    await page.reload();
    expect(await page.getByRole("combobox", { name: /^Comparer sur/ }).inputValue()).toBe("total");
    await basis.selectOption("price");
    await expect.poll(() => page.url()).not.toContain("basis=");
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
    // the merchants table: the gap and the out-of-stock rate under the name, nothing scrolled out of sight
    const merchants = page.getByRole("table", { name: "Marchands" });
    await merchants.locator('dt:text-is("Ruptures")').first().waitFor();
    const overflow = await merchants.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, "vue-marche-390.png"), fullPage: true });

    await page.goto(`${baseUrl()}/dashboard`);
    const heading = page.getByRole("heading", { name: "Vue marché" });
    await heading.waitFor();
    await page.getByText("Indice prix du catalogue").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("pages a catalogue larger than a page: next and previous page, the total line", async () => {
    // 101 products with 'mon prix' and no URL: all 'Sans prix du marché', in name order
    const big = await registerUser("marche-pages");
    await subscribeThroughDemo(big.api, "entreprise");
    const names = Array.from({ length: 101 }, (_, i) => `Article ${String(i + 1).padStart(3, "0")}`);
    for (let i = 0; i < names.length; i += 10) {
      await Promise.all(
        names.slice(i, i + 10).map((name) => big.ok("/api/products", { name, reference_price: "10.00" })),
      );
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
    const errors = watchErrors(page);
    await signIn(page, big.email, "/market");
    const pager = page.getByRole("navigation", { name: "Pages du positionnement" });
    const table = page.getByRole("table", { name: "Positionnement par produit" });
    const line = (name: string) => table.getByRole("row").filter({ hasText: name });
    await expect.poll(() => pager.textContent()).toContain("Produits 1 à 100 sur 101");
    await line("Article 100").waitFor();
    expect(await line("Article 101").count()).toBe(0);
    expect(await pager.getByRole("button", { name: "Précédents" }).isDisabled()).toBe(true);
    await pager.getByRole("button", { name: "Suivants" }).click();
    await expect.poll(() => pager.textContent()).toContain("Produits 101 à 101 sur 101");
    await line("Article 101").waitFor();
    expect(await table.getByRole("row").filter({ hasText: "Article" }).count()).toBe(1);
    expect(await pager.getByRole("button", { name: "Suivants" }).isDisabled()).toBe(true);
    await pager.getByRole("button", { name: "Précédents" }).click();
    await expect.poll(() => pager.textContent()).toContain("Produits 1 à 100 sur 101");
    await line("Article 001").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
