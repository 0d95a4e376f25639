// 'Santé des données' on a desktop (1280 px) and a phone (390 px): a blocked shop and a working one, the counts
// per state, the freshness figure, the state filter, a bulk pause, the per-shop table and the navbar link.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { baseUrl, launchBrowser, registerUser, signIn, watchErrors } from "../helpers/browser";

const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
let merchant: TMerchantServer;
let email: string;

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 120; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`attendu : ${what}`);
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  merchant = await startMerchantServer();
  const user = await registerUser("sante", { first_name: "Noé", last_name: "Petit" });
  email = user.email;
  merchant.setPrice("sante-ok", "42.00");
  await user.ok("/api/products", {
    name: "Bouilloire inox",
    urls: [
      { name: "Boutique ouverte", url: `${merchant.url}/product/sante-ok` },
      { name: "Boutique protégée", url: `${merchant.url}/bot/datadome` },
    ],
  });
  await until(async () => {
    const { json } = await user.api<{ items: unknown[] }>("/api/data-health/urls?state=blocked");
    return json.items.length === 1;
  }, "une URL bloquée");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await merchant?.close();
});

async function signedInPage(width: number, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: "fr-FR", bypassCSP: true });
  const page = await context.newPage();
  await signIn(page, email, "/data-health");
  return page;
}

const stateButton = (page: Page, label: string) =>
  page.getByRole("list", { name: "URLs par état" }).getByRole("button").filter({ hasText: label });

describe("Santé des données", () => {
  it("on a desktop: counts, freshness, the filter, a bulk pause, the shops and the navbar link", async () => {
    const page = await signedInPage(1280);
    const errors = watchErrors(page);
    await expect(page.getByRole("heading", { name: "Santé des données" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Santé des données" }).getAttribute("aria-current")).resolves.toBe(
      "page",
    );
    await expect(page.getByTestId("freshness").textContent()).resolves.toMatch(
      /(% des relevés faits à l'heure|Aucun relevé planifié) ces 7 derniers jours/,
    );
    expect((await stateButton(page, "Bloqué").textContent())?.replace(/\s/g, "")).toBe("1Bloqué");
    await stateButton(page, "Bloqué").click();
    const list = page.getByRole("list", { name: "URLs", exact: true });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    await expect(list.textContent()).resolves.toContain("Boutique protégée");
    await expect(list.textContent()).resolves.toContain("Accès bloqué");

    await page.getByRole("checkbox", { name: "Sélectionner Bouilloire inox chez Boutique protégée" }).check();
    await page.getByRole("button", { name: "Mettre en pause" }).click();
    await page.getByText("1 URL(s) mise(s) en pause").waitFor();
    await expect
      .poll(async () => (await stateButton(page, "En pause").textContent())?.replace(/\s/g, ""))
      .toBe("1Enpause");
    await expect.poll(() => list.getByRole("listitem").count()).toBe(0);

    const shops = page.getByRole("table");
    await expect(shops.textContent()).resolves.toContain("127.0.0.1");
    await page.screenshot({ path: path.join(SHOTS, "desktop-data-health.png"), fullPage: true });
    expect(errors).toEqual([]);
  });

  it("on a phone: nothing overflows sideways and axe finds no serious violation", async () => {
    const page = await signedInPage(390, 844);
    await page.getByTestId("freshness").waitFor();
    // the list's lines (a checkbox, the product, the shop, the state, the fixes) are in, not its loading text
    await page.getByRole("list", { name: "URLs", exact: true }).getByRole("listitem").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, "phone-data-health.png"), fullPage: true });
    await page.evaluate(AXE_SOURCE);
    const violations = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      return (await axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } })).violations;
    })) as { id: string; impact: string | null }[];
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("the workspace's built-in 'Surveillance interrompue' alert is on, at 3 failures in a row", async () => {
    const page = await signedInPage(1280);
    const answer = await page.request.get(`${baseUrl()}/api/data-health/alert`);
    expect(await answer.json()).toMatchObject({
      kind_label: "Surveillance interrompue",
      active: true,
      failure_threshold: 3,
    });
  });
});
