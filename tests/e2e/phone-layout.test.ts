// On a phone (390 px): the history table shows each reading's date, price, availability and variation on screen,
// 'Exporter tout' is full-width, the invoice 'Télécharger' button is whole; a fall is green, a rise red, in fr-FR.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { baseUrl, launchBrowser, registerUser, signIn, waitForReadings } from "../helpers/browser";

const WIDTH = 390;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");

let browser: Browser;
let page: Page;
let merchant: TMerchantServer;
let email: string;
let productId: string;

/** The element lies within the phone's width (not cut off, not scrolled out of a table). */
async function onScreen(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
}

const colorOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).color);
const tailwindColor = (className: string) =>
  page.evaluate((cls) => {
    const probe = document.createElement("span");
    probe.className = cls;
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, className);

/** Date, price, availability and variation of each of the three readings lie within the phone's width. */
async function expectHistoryOnScreen(scope: Locator, shot: string) {
  const table = scope.getByRole("table", { name: /Historique des prix de Boutique A/ });
  await table.getByText("Premier relevé").waitFor();
  fs.mkdirSync(SHOTS, { recursive: true });
  await table.scrollIntoViewIfNeeded();
  await scope.screenshot({ path: path.join(SHOTS, shot) });
  for (const name of ["Date & Heure", "Prix", "Variation"]) {
    await onScreen(table.getByRole("columnheader", { name }));
  }
  // the availability of each reading is on screen (under the price on a phone)
  const shown = table.locator(":text-is('Disponible'):visible");
  expect(await shown.count()).toBe(3);
  for (const badge of await shown.all()) await onScreen(badge);
  const fall = table.getByRole("cell", { name: "-10,00\u00a0€", exact: true });
  const rise = table.getByRole("cell", { name: "+10,00\u00a0€", exact: true });
  await onScreen(fall);
  await onScreen(rise);
  expect(await colorOf(fall)).toBe(await tailwindColor("text-green-700"));
  expect(await colorOf(rise)).toBe(await tailwindColor("text-red-700"));
}

beforeAll(async () => {
  merchant = await startMerchantServer();
  const user = await registerUser("telephone", { first_name: "Léa", last_name: "Petit" });
  email = user.email;

  // three readings: 1 299,99 € then a fall to 1 289,99 € then a rise to 1 299,99 €
  merchant.setPrice("telephone-robot", "1299.99");
  const product = await user.ok<{ id: string; urls: { id: string }[] }>("/api/products", {
    name: "Robot cuiseur multifonction",
    urls: [{ name: "Boutique A", url: `${merchant.url}/product/telephone-robot` }],
  });
  const urlId = product.urls[0]!.id;
  productId = product.id;
  await waitForReadings(user.api, urlId, 1);
  merchant.setPrice("telephone-robot", "1289.99");
  await user.ok(`/api/scraping/urls/${urlId}/scrape`, {});
  await waitForReadings(user.api, urlId, 2);
  merchant.setPrice("telephone-robot", "1299.99");
  await user.ok(`/api/scraping/urls/${urlId}/scrape`, {});
  await waitForReadings(user.api, urlId, 3);

  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: WIDTH, height: 844 }, locale: "fr-FR" });
  await signIn(page, email);
});

afterAll(async () => {
  await browser?.close();
  await merchant?.close();
});

describe("on a 390 px phone", () => {
  it("shows 'Exporter tout' as wide as the other actions", async () => {
    await page.goto(`${baseUrl()}/products`);
    const exportAll = page.getByRole("button", { name: "Exporter tout" });
    const add = page.getByRole("button", { name: "Ajouter un produit" });
    await exportAll.waitFor();
    const [e, a] = [await exportAll.boundingBox(), await add.boundingBox()];
    expect(a!.width).toBeGreaterThan(WIDTH / 2);
    expect(Math.round(e!.width)).toBe(Math.round(a!.width));
  });

  it("shows every history column on screen, the variation in fr-FR, green for a fall and red for a rise", async () => {
    await page.getByTestId("product-card").filter({ hasText: "Robot cuiseur multifonction" }).click();
    const dialog = page.getByRole("dialog", { name: "Robot cuiseur multifonction" });
    await expectHistoryOnScreen(dialog, "phone-historique.png");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("shows every history column on screen on the product's own page too", async () => {
    await page.goto(`${baseUrl()}/products/${productId}`);
    await expectHistoryOnScreen(page.getByRole("main"), "phone-historique-page.png");
    // the comparison shows the price and both gaps of each merchant on screen, without a sideways scroll
    const comparison = page.getByRole("table", { name: "Prix actuel par marchand" });
    await onScreen(comparison.getByRole("columnheader", { name: "Prix actuel" }));
    for (const label of ["Écart au moins cher", "Écart à mon prix"]) {
      await onScreen(comparison.locator(`dt:text-is("${label}")`).first());
    }
    expect(await comparison.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
    await comparison.screenshot({ path: path.join(SHOTS, "phone-comparaison-page.png") });
    // nothing on the page scrolls sideways
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("shows the team page's 'Supprimer l'espace' card whole, its button and field on screen", async () => {
    await page.goto(`${baseUrl()}/team`);
    const button = page.getByRole("button", { name: "Supprimer définitivement l'espace" });
    await button.waitFor();
    await button.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "phone-supprimer-espace.png") });
    await onScreen(button);
    await onScreen(page.getByLabel(/^Saisissez « .+ » pour confirmer$/));
    expect(await button.isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  });

  it("shows the invoice 'Télécharger' button whole", async () => {
    await page.goto(`${baseUrl()}/subscriptions`);
    await page.locator('article[data-plan="professionnel"]').getByRole("button", { name: "Changer de plan" }).click();
    await page.waitForURL(/\/checkout\/demo\?session_id=demo_/);
    await page.getByRole("button", { name: "Confirmer le paiement de démonstration" }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });
    const download = page.getByRole("table", { name: "Factures" }).getByRole("button", { name: /Télécharger/ });
    await download.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(SHOTS, "phone-factures.png"), fullPage: true });
    await onScreen(download);
  });
});
