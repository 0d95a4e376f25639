// The promotion checks as a user sees them, at 1280 and 390 px: a suspect promotion (a merchant page whose
// crossed-out price is above the lowest price of the 30 days before the reduction) and a reseller below the
// minimum advertised price then set in the product's form, each with its evidence in fr-FR, in the Vue marché
// and on the product's own page. Screenshots in test-results/screenshots.
// The 30 days of history before the reduction cannot come from real scrapes (they are all dated now): they are
// written backdated into the server's database, which the tests reach on PostgreSQL only (E2E_DATABASE_URL, given
// by scripts/e2e.mjs with TEST_DATABASE_URL). On the embedded database the suspect promotion is therefore not
// produced and only the price-floor flag is checked.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { baseUrl, launchBrowser, registerUser, signIn, watchErrors } from "../helpers/browser";

const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const PRODUCT = "Robot pâtissier 5 L";
const DAY = 86_400_000;
const DB_URL = process.env.E2E_DATABASE_URL;

let browser: Browser;
let merchant: TMerchantServer;
let email: string;
let token: string;
let productId: string;
let lowestAt: Date;

async function call<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${route}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function readings(urlId: string, count: number) {
  for (let i = 0; i < 120; i++) {
    const history = await call<unknown[]>("GET", `/api/scraping/urls/${urlId}/history`);
    if (history.length >= count) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${count} relevés attendus`);
}

/** Waits for the URL's newest reading to be at `price` (the history does not list the readings older than the plan's retention). */
async function newestPrice(urlId: string, price: number) {
  for (let i = 0; i < 120; i++) {
    const [newest] = await call<{ price: number | null }[]>("GET", `/api/scraping/urls/${urlId}/history`);
    if (newest?.price === price) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`relevé à ${price} € attendu`);
}

/** dd/mm/yyyy HH:mm in Paris, as the screens write dates. */
const parisDateTime = (d: Date) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" }).format(d);

/** Both flags with their evidence, in French; the element lies within the screen's width. */
async function expectFlags(scope: Locator, width: number) {
  const list = scope.getByRole("list", { name: "Contrôles de promotion" });
  const promo = list.getByRole("listitem").filter({ hasText: "Promotion suspecte" });
  const floor = list.getByRole("listitem").filter({ hasText: "Sous le prix minimum annoncé" });
  await floor.waitFor();
  const floorText = (await floor.textContent())!.replace(/\s+/g, " ");
  expect(floorText).toContain("45,00 €");
  expect(floorText).toContain("50,00 €");
  expect(floorText).toContain("Boutique B");
  await onScreen(floor, width);
  if (!DB_URL) {
    expect(await promo.count()).toBe(0);
    return list;
  }
  await promo.waitFor();
  const promoText = (await promo.textContent())!.replace(/\s+/g, " ");
  expect(promoText).toContain("129,00 € → 99,00 €");
  expect(promoText).toContain(`89,00 € le ${parisDateTime(lowestAt)}`);
  // the reduction started with the 99,00 € reading, not the 129,00 € one before it
  expect(promoText).toMatch(/Réduction depuis ?le \d\d\/\d\d\/\d{4} \d\d:\d\d à 99,00 €/);
  expect(promoText).toContain("Boutique A");
  await onScreen(promo, width);
  return list;
}

async function onScreen(item: Locator, width: number) {
  const box = await item.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** Boutique A's history before the sale, backdated, then the sale: 129,00 € crossed out and 99,00 € shown. */
async function startSuspectSale(a: string) {
  // its earlier history: 109 € 45 days ago, 89 € 20 days ago (the lowest), raised to 129 € 5 days ago
  const now = Date.now();
  lowestAt = new Date(now - 20 * DAY);
  const sql = postgres(DB_URL!, { max: 1, onnotice: () => {} });
  try {
    for (const [daysAgo, price] of [
      [45, "109.00"],
      [20, "89.00"],
      [5, "129.00"],
    ] as const) {
      const at = daysAgo === 20 ? lowestAt : new Date(now - daysAgo * DAY);
      await sql`insert into price_history (url_id, price, currency, available, created_at)
        values (${a}, ${price}, 'EUR', true, ${at.toISOString()})`;
    }
  } finally {
    await sql.end();
  }
  // the sale starts: 129,00 € crossed out, 99,00 € shown
  merchant.setPrice("promo-a", "99.00");
  await call("POST", `/api/scraping/urls/${a}/scrape`, {});
  await newestPrice(a, 99);
}

async function signedInPage(width: number, route: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: "fr-FR" });
  const errors = watchErrors(page);
  await signIn(page, email, route);
  return { page, errors };
}

beforeAll(async () => {
  merchant = await startMerchantServer();
  ({ email, token } = await registerUser("promotions", { first_name: "Inès", last_name: "Garnier" }));

  // Boutique A shows 129,00 € crossed out; its first reading is at 129,00 € (no reduction yet)
  merchant.setPrice("promo-a", "129.00");
  merchant.setPrice("promo-b", "45.00");
  const product = await call<{ id: string; urls: { id: string }[] }>("POST", "/api/products", {
    name: PRODUCT,
    urls: [
      { name: "Boutique A", url: `${merchant.url}/product/promo-a?old=129.00` },
      { name: "Boutique B", url: `${merchant.url}/product/promo-b` },
    ],
  });
  productId = product.id;
  const [a, b] = product.urls.map((u) => u.id) as [string, string];
  await readings(a, 1);
  await readings(b, 1);

  if (DB_URL) await startSuspectSale(a);

  if (DB_URL) {
    for (let i = 0; i < 60; i++) {
      const flags = await call<unknown[]>("GET", `/api/insights/flags?product_id=${productId}`);
      if (flags.length === 1) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await merchant?.close();
});

describe("the minimum advertised price", () => {
  it("set on the product page, flags at once the reseller already below it", async () => {
    const { page, errors } = await signedInPage(1280, `/products/${productId}`);
    const section = page.getByRole("region", { name: "Contrôles de promotion" });
    const floor = section.getByRole("listitem").filter({ hasText: "Sous le prix minimum annoncé" });
    await section.getByRole("status", { name: "Chargement des contrôles de promotion" }).waitFor({ state: "detached" });
    expect(await floor.count()).toBe(0);
    await page.getByRole("button", { name: "Modifier le produit" }).click();
    const form = page.getByRole("form", { name: "Modifier le produit" });
    await form.getByLabel(/^Prix minimum annoncé/).fill("50,00");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await form.waitFor({ state: "detached" });
    // Boutique B's latest reading (45,00 €) is judged against the new floor: no new reading needed
    await floor.waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe.each([1280, 390])("promotion checks at %i px", (width) => {
  it("shows both flags with their evidence in the Vue marché", async () => {
    const { page, errors } = await signedInPage(width, "/market");
    const list = await expectFlags(page.getByRole("main"), width);
    expect(await list.getByRole("link", { name: PRODUCT }).first().getAttribute("href")).toBe(`/products/${productId}`);
    fs.mkdirSync(SHOTS, { recursive: true });
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `controles-promotion-marche-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows both flags on the product's own page", async () => {
    const { page, errors } = await signedInPage(width, `/products/${productId}`);
    const section = page.getByRole("region", { name: "Contrôles de promotion" });
    const list = await expectFlags(section, width);
    await list.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(SHOTS, `controles-promotion-produit-${width}.png`) });
    await page.screenshot({ path: path.join(SHOTS, `page-produit-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await page.close();
  });
});
