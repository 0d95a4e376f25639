// The existing 'Accès aux sites' page (/access): the strategy of a shop, a provider key saved and never shown back
// (neither on the page nor by the API), the monthly cap. Desktop and phone.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { launchBrowser, registerUser, signIn, type TUserApi, waitForReadings, watchErrors } from "../helpers/browser";

const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const SECRET = "zyte-cle-tres-secrete-9f3a";

let browser: Browser;
let merchant: TMerchantServer;
let email: string;
let api: TUserApi;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  merchant = await startMerchantServer();
  const user = await registerUser("acces", { first_name: "Jade", last_name: "Roux" });
  email = user.email;
  api = user.api;
  merchant.setPrice("acces-1", "19.90");
  const product = await user.ok<{ urls: { id: string }[] }>("/api/products", {
    name: "Lampe de bureau",
    urls: [{ name: "Boutique", url: `${merchant.url}/product/acces-1` }],
  });
  // the scrape records the shop and the path that worked
  await waitForReadings(api, product.urls[0]!.id, 1);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await merchant?.close();
});

async function accessPage(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: "fr-FR" });
  await signIn(page, email, "/access");
  return page;
}

describe("Accès aux sites", () => {
  it("saves a provider key that is never shown back, and the monthly cap", async () => {
    const page = await accessPage(1280);
    const errors = watchErrors(page);
    await page.getByLabel("API de scraping").selectOption("zyte");
    await page.getByLabel("Clé du fournisseur").fill(SECRET);
    await page.getByLabel("Plafond mensuel (crédits)").fill("250");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("Accès aux sites enregistré").waitFor();

    await page.reload();
    await page.getByText(`Enregistrée : ••••${SECRET.slice(-4)}`, { exact: false }).waitFor();
    expect(await page.getByLabel("Clé du fournisseur").inputValue()).toBe("");
    expect(await page.getByLabel("Plafond mensuel (crédits)").inputValue()).toBe("250");
    expect(await page.content()).not.toContain(SECRET);
    const settings = await api<Record<string, unknown>>("/api/access");
    expect(JSON.stringify(settings.json)).not.toContain(SECRET);
    expect(settings.json).toMatchObject({ provider: "zyte", monthlyCap: 250 });
    expect(errors).toEqual([]);
  });

  it("changes a shop's strategy, kept after a reload", async () => {
    const page = await accessPage(1280);
    const select = page.getByLabel("Stratégie pour 127.0.0.1");
    await select.waitFor();
    await select.selectOption("browser");
    await expect
      .poll(async () => {
        const { json } = await api<{ shops: { host: string; strategy: string }[] }>("/api/access");
        return json.shops.find((s) => s.host === "127.0.0.1")?.strategy;
      })
      .toBe("browser");
    await page.reload();
    expect(await page.getByLabel("Stratégie pour 127.0.0.1").inputValue()).toBe("browser");
    await page.screenshot({ path: path.join(SHOTS, "desktop-access.png"), fullPage: true });
  });

  it("fits a phone", async () => {
    const page = await accessPage(390);
    await page.getByLabel("Clé du fournisseur").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, "phone-access.png"), fullPage: true });
  });
});
