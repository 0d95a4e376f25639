// Every main screen, on a phone and on a desktop: axe-core finds no serious or critical violation, and a
// screenshot of each is written to E2E_SCREENSHOTS_DIR (default test-results/screenshots) for a reviewer.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, registerUser, signIn } from "../helpers/browser";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

type TViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

let browser: Browser;
let email = "";

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const user = await registerUser("ecrans", { first_name: "Léa", last_name: "Martin" });
  email = user.email;
  const created = await user.api("/api/products", {
    name: "Cafetière italienne 6 tasses",
    description: "Aluminium, induction",
    urls: [{ name: "Boutique A", url: "https://boutique-a.example/cafetiere", tracking_frequency: "daily" }],
  });
  expect(created.status).toBe(201);
  // without a description, the card shows the grey 'Aucune description', which must stay readable (AA)
  const bare = await user.api("/api/products", { name: "Moulin à café manuel" });
  expect(bare.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
});

async function audit(page: Page, name: string): Promise<string[]> {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations;
  })) as TViolation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe.each(Object.entries(VIEWPORTS))("main screens on a %s", (device, viewport) => {
  it("public pages have no serious or critical accessibility violation", async () => {
    // axe is injected as a script: the page's Content-Security-Policy would refuse it
    const context = await browser.newContext({ viewport, bypassCSP: true, locale: "fr-FR" });
    const page = await context.newPage();
    const found: string[] = [];
    for (const [name, route] of [
      ["accueil", "/"],
      ["tarifs", "/pricing"],
      ["connexion", "/login"],
      ["inscription", "/register"],
      ["mot-de-passe-oublie", "/forgot-password"],
      ["contact", "/contact"],
      ["mentions-legales", "/legal/mentions"],
      ["introuvable", "/cette-page-n-existe-pas"],
    ] as const) {
      await page.goto(`${baseUrl()}${route}`);
      found.push(...(await audit(page, `${device}-${name}`)));
    }
    await context.close();
    expect(found).toEqual([]);
  });

  it("signed-in screens have no serious or critical accessibility violation", async () => {
    const context = await browser.newContext({ viewport, bypassCSP: true, locale: "fr-FR" });
    const page = await context.newPage();
    await signIn(page, email);
    const found: string[] = [];
    await page.getByRole("heading", { name: /Bonjour/ }).waitFor();
    found.push(...(await audit(page, `${device}-tableau-de-bord`)));
    await page.goto(`${baseUrl()}/subscriptions`);
    await page.getByRole("heading", { name: "Plans d'abonnement" }).waitFor();
    found.push(...(await audit(page, `${device}-abonnements`)));
    await page.goto(`${baseUrl()}/products`);
    await page.getByTestId("product-card").filter({ hasText: "Aucune description" }).waitFor();
    const card = page.getByTestId("product-card").filter({ hasText: "Cafetière italienne 6 tasses" });
    await card.waitFor();
    found.push(...(await audit(page, `${device}-produits`)));
    const productPage = await card.getAttribute("href");
    await card.click();
    await page.getByRole("dialog", { name: "Cafetière italienne 6 tasses" }).waitFor();
    found.push(...(await audit(page, `${device}-produit`)));
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Cafetière italienne 6 tasses" }).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Ajouter un produit" }).click();
    await page.getByRole("dialog", { name: "Ajouter un produit" }).waitFor();
    found.push(...(await audit(page, `${device}-ajout-produit`)));
    // the same product on its own page (a direct visit)
    await page.goto(`${baseUrl()}${productPage}`);
    await page.getByRole("heading", { level: 1, name: "Cafetière italienne 6 tasses" }).waitFor();
    found.push(...(await audit(page, `${device}-page-produit`)));
    await context.close();
    expect(found).toEqual([]);
  });
});
