// Issue 23, the rough edges a pricing manager met: what only a browser shows, at 1280 and 390 px, with screenshots.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { startFakeChannel } from "../helpers/fake-channel";
import {
  baseUrl,
  launchBrowser,
  openUserMenu,
  registerUser,
  signIn,
  submitLogin,
  subscribeThroughDemo,
  waitForReadings,
} from "../helpers/browser";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const PRODUCT = "Bouilloire inox 1,7 L";
const EMPTY = "Grille-pain sans source";

let browser: Browser;
let merchant: TMerchantServer;
let hook: Awaited<ReturnType<typeof startFakeChannel>>;
let email: string;
let productId: string;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  merchant = await startMerchantServer();
  hook = await startFakeChannel();
  const user = await registerUser("aretes", { first_name: "Manon", last_name: "Leroy" });
  email = user.email;
  await subscribeThroughDemo(user.api);
  // A in stock under my price (a green gap), B out of stock at 21,50 €, C a page that answers 404
  merchant.setPrice("aretes-a", "22.99");
  merchant.setPrice("aretes-b", "21.50", false);
  const product = await user.ok<{ id: string; urls: { id: string }[] }>("/api/products", {
    name: PRODUCT,
    urls: [
      { name: "Boutique A", url: `${merchant.url}/product/aretes-a` },
      { name: "Boutique B", url: `${merchant.url}/product/aretes-b` },
      { name: "Boutique C", url: `${merchant.url}/status/404` },
    ],
  });
  productId = product.id;
  await user.ok(`/api/products/${product.id}/reference-price`, { reference_price: "24,90" }, "PUT");
  await user.ok("/api/products", { name: EMPTY });
  await user.ok("/api/alert-channels", { name: "ERP", kind: "webhook", url: `${hook.url}/hook` });
  const [a, b, c] = product.urls.map((u) => u.id);
  await waitForReadings(user.api, a!, 1);
  await waitForReadings(user.api, b!, 1);
  for (let i = 0; i < 120; i++) {
    const urls = await user.ok<{ id: string; last_status: string }[]>(`/api/products/${product.id}/urls`);
    if (urls.find((u) => u.id === c)?.last_status !== "pending") break;
    await new Promise((r) => setTimeout(r, 500));
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await merchant?.close();
  await hook?.close();
});

async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(
      { include: [include] },
      { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } },
    );
    return result.violations;
  }, selector)) as { id: string; nodes: { target: string[] }[] }[];
  return violations.map((v) => `${v.id} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe.each([
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const)("on a %s", (device, viewport) => {
  it("the cards, the comparison and the URL rows tell the same, true state", async () => {
    const context = await browser.newContext({ viewport, locale: "fr-FR", bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, email, "/products");
    const empty = page.getByTestId("product-card").filter({ hasText: EMPTY });
    await empty.getByText("Aucune URL suivie").first().waitFor();
    expect(await empty.getByText("Suivi actif").count()).toBe(0);
    const card = page.getByTestId("product-card").filter({ hasText: PRODUCT });
    await card.getByText("Relevé en échec").waitFor();
    await page.screenshot({ path: path.join(SHOTS, `aretes-cartes-${device}.png`), fullPage: true });

    await page.goto(`${baseUrl()}/products/${productId}`);
    const comparison = page.getByRole("table", { name: "Prix actuel par marchand" });
    await comparison.waitFor();
    const rowOf = (name: string) => comparison.getByRole("row").filter({ hasText: name });
    // the out-of-stock merchant keeps its price, with its state
    expect(await rowOf("Boutique B").textContent()).toContain("21,50");
    await rowOf("Boutique B").getByText("Indisponible").first().waitFor();
    // the failed URL says what its row says, not 'Pas encore relevé'
    const failed = page.getByTestId("url-row").filter({ hasText: "Boutique C" });
    const label = (await failed.getByRole("status").first().textContent())?.trim() ?? "";
    expect(label).not.toBe("");
    expect(await rowOf("Boutique C").textContent()).toContain(label);
    expect(await comparison.getByText("Pas encore relevé").count()).toBe(0);
    // no price to correct where there is none
    expect(await failed.getByRole("button", { name: "Ce n'est pas le bon prix ?" }).count()).toBe(0);
    const a = page.getByTestId("url-row").filter({ hasText: "Boutique A" });
    await a.getByRole("button", { name: "Ce n'est pas le bon prix ?" }).waitFor();
    // the green gap to my price is readable (axe, WCAG AA contrast)
    await comparison
      .getByText(/-7,67\s%/)
      .filter({ visible: true })
      .first()
      .waitFor();
    expect(await axeViolations(page, "section[aria-labelledby^='cmp-']")).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `aretes-fiche-${device}.png`), fullPage: true });
    await context.close();
  });

  it("the sticky header stays white over the dark demo section", async () => {
    const page = await browser.newPage({ viewport, locale: "fr-FR" });
    await page.goto(`${baseUrl()}/`);
    await page.locator("#demo").scrollIntoViewIfNeeded();
    await page.evaluate(() => {
      const demo = document.querySelector("#demo") as HTMLElement;
      window.scrollTo(0, demo.getBoundingClientRect().top + window.scrollY + 40);
    });
    const background = await page
      .locator("header")
      .first()
      .evaluate((h) => getComputedStyle(h).backgroundColor);
    expect(background).toBe("rgb(255, 255, 255)");
    await page.screenshot({ path: path.join(SHOTS, `aretes-entete-demo-${device}.png`) });
    await page.close();
  });
});

describe("the member's header", () => {
  it("stays on one line from 390 to 1280 px: the five links from 1280 px, the menu button below", async () => {
    for (const width of [1280, 1024, 800, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 800 }, locale: "fr-FR" });
      await signIn(page, email, "/dashboard");
      const nav = page.getByRole("navigation", { name: "Navigation principale" });
      const market = nav.getByRole("link", { name: "Vue marché" });
      const menuButton = nav.getByRole("button", { name: "Ouvrir le menu" });
      await (width >= 1280 ? market : menuButton).waitFor();
      expect(await market.isVisible()).toBe(width >= 1280);
      expect(await menuButton.isVisible()).toBe(width < 1280);
      // every link shown lies on one line, and nothing scrolls sideways
      for (const link of await nav.getByRole("link").all()) {
        if (!(await link.isVisible())) continue;
        expect((await link.boundingBox())!.height).toBeLessThan(44);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page
        .locator("header")
        .first()
        .screenshot({ path: path.join(SHOTS, `entete-membre-${width}.png`) });
      await page.close();
    }
  });
});

describe("alerts and documentation", () => {
  it("the alert form shows the webhook channel before it can create, and the new alert is listed at once", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
    await signIn(page, email, `/products/${productId}`);
    await page.getByRole("tab", { name: "Alertes" }).click();
    for (const percent of ["5", "10", "15"]) {
      await page.getByRole("button", { name: "Ajouter une alerte" }).click();
      const submit = page.getByRole("button", { name: "Créer l'alerte" });
      await submit.waitFor();
      const checkbox = page.getByRole("checkbox", { name: /ERP/ });
      // never a form that could create an e-mail-only rule before its channels are shown
      expect((await checkbox.count()) === 1 || (await submit.isDisabled())).toBe(true);
      await checkbox.check();
      await page.getByLabel("Baisse d'au moins (%)").fill(percent);
      await submit.click();
      await page
        .getByText(new RegExp(`Baisse d'au moins ${percent}\\s%`))
        .first()
        .waitFor();
    }
    await page.close();
  });

  it("/docs/api lists 'Authentification' once and explains the webhook signature", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
    await page.goto(`${baseUrl()}/docs/api`);
    const toc = page.getByRole("navigation", { name: "Sommaire de l'API" });
    expect(await toc.getByRole("link", { name: /^Authentification/ }).count()).toBe(1);
    const section = page.locator("#signature-webhooks");
    await section.getByText("whsec_", { exact: false }).first().waitFor();
    expect(await section.textContent()).toContain("X-VeillePrix-Signature");
    await page.close();
  });

  it("signs in and out at 127.0.0.1, on the server's own port", async () => {
    const local = baseUrl().replace("localhost", "127.0.0.1");
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
    await page.goto(`${local}/login?redirect=%2Fdashboard`);
    await submitLogin(page, email);
    await page.waitForURL(`${local}/dashboard`);
    await openUserMenu(page, /Manon/);
    await page.getByRole("menuitem", { name: "Déconnexion" }).click();
    await page.waitForURL(`${local}/login`);
    await page.close();
  });
});
