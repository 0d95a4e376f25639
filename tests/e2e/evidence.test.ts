// 'Dossiers de preuve' as a user sees them, at 1280 and 390 px: a reseller below the minimum advertised price is
// flagged and its page captured at once ('Dossier de preuve' on the flag); 'Capturer une preuve' on a URL, the
// state until 'prêt', and the ZIP downloaded from the page, whose hashes verify. Screenshots in
// test-results/screenshots.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import JSZip from "jszip";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { baseUrl, launchBrowser, registerUser, signIn, watchErrors } from "../helpers/browser";

const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const PRODUCT = "Perceuse sans fil 18 V";

let browser: Browser;
let merchant: TMerchantServer;
let email: string;
let token: string;
let productId: string;

async function call<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${route}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function until<T>(what: string, read: () => Promise<T | null | undefined>): Promise<T> {
  for (let i = 0; i < 240; i++) {
    const value = await read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`attendu : ${what}`);
}

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

beforeAll(async () => {
  merchant = await startMerchantServer();
  ({ email, token } = await registerUser("preuves", { first_name: "Inès", last_name: "Garnier" }));
  merchant.setPrice("ev-b", "45.00");
  const product = await call<{ id: string; urls: { id: string }[] }>("POST", "/api/products", {
    name: PRODUCT,
    urls: [{ name: "Boutique B", url: `${merchant.url}/product/ev-b?old=69.00` }],
  });
  productId = product.id;
  const urlId = product.urls[0]!.id;
  await until("un relevé", async () => (await call<unknown[]>("GET", `/api/scraping/urls/${urlId}/history`)).length);
  // the floor flags Boutique B at once, and its page is captured
  await call("PUT", `/api/products/${productId}`, { name: PRODUCT, min_advertised_price: "50,00" });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await merchant?.close();
});

async function signedInPage(width: number, route: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: width > 500 ? 800 : 844 }, locale: "fr-FR" });
  const errors = watchErrors(page);
  await signIn(page, email, route);
  return { page, errors };
}

describe.each([1280, 390])("dossiers de preuve at %i px", (width) => {
  it("captures a URL on demand, shows its state until 'prêt' and downloads a ZIP whose hashes verify", async () => {
    const { page, errors } = await signedInPage(width, `/products/${productId}`);
    const row = page.getByTestId("url-row").filter({ hasText: "Boutique B" });
    const urlId = (await call<{ urls: { id: string }[] }>("GET", `/api/products/${productId}`)).urls[0]!.id;
    const before = (await call<unknown[]>("GET", `/api/urls/${urlId}/evidence`)).length;
    await row.getByRole("button", { name: "Capturer une preuve de Boutique B" }).click();
    // the new capture is listed (the flag's, already 'prêt', is then no longer the latest) and finishes
    await until("la capture demandée", async () => {
      const captures = await call<{ status: string }[]>("GET", `/api/urls/${urlId}/evidence`);
      return captures.length > before && captures.every((c) => c.status !== "pending");
    });
    await row.getByText(/prêt · capturé le/).waitFor({ timeout: 90_000 });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: "Télécharger le dossier de preuve" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dossier-de-preuve-\d{8}-\d{6}-[0-9a-f]{8}\.zip$/);
    fs.mkdirSync(SHOTS, { recursive: true });
    const saved = path.join(SHOTS, `dossier-de-preuve-${width}.zip`);
    await download.saveAs(saved);
    const zip = await JSZip.loadAsync(fs.readFileSync(saved));
    const manifest = JSON.parse(await zip.file("manifest.json")!.async("string"));
    const png = await zip.file("capture.png")!.async("uint8array");
    const html = await zip.file("page.html")!.async("uint8array");
    expect(manifest.files["capture.png"].sha256).toBe(sha256(png));
    expect(manifest.files["page.html"].sha256).toBe(sha256(html));
    expect(manifest).toMatchObject({
      reason: "demande",
      extracted: { price: "45.00", regular_price: "69.00", currency: "EUR" },
    });
    fs.writeFileSync(path.join(SHOTS, `preuve-capture-${width}.png`), png);

    const flags = page.getByRole("region", { name: "Contrôles de promotion" });
    const flag = flags.getByRole("listitem").filter({ hasText: "Sous le prix minimum annoncé" });
    await flag.getByRole("button", { name: "Télécharger le dossier de preuve" }).waitFor({ timeout: 90_000 });
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `preuves-produit-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it("shows the flag's 'Dossier de preuve' in the Vue marché", async () => {
    const { page, errors } = await signedInPage(width, "/market");
    const list = page.getByRole("list", { name: "Contrôles de promotion" });
    const flag = list.getByRole("listitem").filter({ hasText: "Sous le prix minimum annoncé" });
    await flag.getByRole("button", { name: "Télécharger le dossier de preuve" }).waitFor({ timeout: 90_000 });
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `preuves-marche-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
