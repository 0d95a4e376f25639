// The product's own page (/products/{id}): server-rendered when visited, a modal over the list when a card is
// clicked, a page again on reload; a visitor signs in first; another user's or a malformed id is not found.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, registerUser, submitLogin, watchErrors } from "../helpers/browser";

const NAME = "Bouilloire inox 1,7 L";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function register(products: { name: string; description?: string; urls?: unknown[] }[]) {
  const { email, api } = await registerUser("fiche", { first_name: "Paul", last_name: "Girard" });
  const ids: string[] = [];
  for (const product of products) {
    const res = await api<{ id: string }>("/api/products", product);
    expect(res.status).toBe(201);
    ids.push(res.json.id);
  }
  return { email, ids };
}

const URLS = [
  { name: "Boutique A", url: "https://boutique-a.example/bouilloire", tracking_frequency: "daily" },
  { name: "Boutique B", url: "https://boutique-b.example/bouilloire", tracking_frequency: "weekly" },
];

describe("Product page", () => {
  it("is server-rendered by a direct visit, after a sign-in for a visitor, and stays a page on reload", async () => {
    const { email, ids } = await register([{ name: NAME, description: "Arrêt automatique", urls: URLS }]);
    const path = `/products/${ids[0]}`;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });

    // a visitor is sent to the login page, which brings them back to the product
    await page.goto(`${baseUrl()}${path}`);
    await page.waitForURL(`${baseUrl()}/login?redirect=${encodeURIComponent(path)}`);
    await submitLogin(page, email);
    await page.waitForURL(`${baseUrl()}${path}`);
    await page.getByRole("heading", { level: 1, name: NAME }).waitFor();

    // the first HTML already holds the product, its comparison and its sources, and a title of its own
    const res = await page.goto(`${baseUrl()}${path}`);
    expect(res?.status()).toBe(200);
    const html = (await res?.text()) ?? "";
    expect(html).toContain(`<title>${NAME} · VeillePrix</title>`);
    expect(html).toMatch(/<h1[^>]*>Bouilloire inox 1,7 L<\/h1>/);
    expect(html).toContain("Arrêt automatique");
    expect(html).toContain("Comparaison des marchands");
    expect(html).toContain("https://boutique-b.example/bouilloire");

    // a page, not a modal; comparison before the chart, then the sources, then the tabs
    await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    const order = await page.evaluate(() =>
      ["Comparaison des marchands", "Évolution des prix", "URLs suivies"].map((t) =>
        Array.from(document.querySelectorAll("h3")).findIndex((h) => h.textContent?.startsWith(t)),
      ),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const tabs = page.getByRole("tablist", { name: "Détails du produit" });
    await expect(tabs.getByRole("tab").allTextContents()).resolves.toEqual([
      "Historique",
      "Exports",
      "Alertes",
      "Tâches",
    ]);
    await page.getByRole("region", { name: "Historique de Boutique A" }).waitFor();
    await tabs.getByRole("tab", { name: "Exports" }).click();
    await page.getByRole("button", { name: "Historique complet" }).waitFor();
    await expect(page.getByRole("region", { name: "Historique de Boutique A" }).isVisible()).resolves.toBe(false);

    await page.reload();
    await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);

    // the links of earlier alert e-mails lead here too
    await page.goto(`${baseUrl()}/products?product=${ids[0]}`);
    await page.waitForURL(`${baseUrl()}${path}`);
    await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    await page.close();
  });

  it("opens as a modal over the list from a card; Escape and the back button close it; a reload gives the page", async () => {
    const { email, ids } = await register([{ name: NAME, urls: URLS }, { name: "Théière fonte" }]);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl()}/login?redirect=/products`);
    await submitLogin(page, email);
    await page.waitForURL(`${baseUrl()}/products`);
    const card = page.getByTestId("product-card").filter({ hasText: NAME });
    const dialog = page.getByRole("dialog", { name: NAME });

    await card.click();
    await dialog.getByRole("heading", { name: /URLs suivies/ }).waitFor();
    await page.waitForURL(`${baseUrl()}/products/${ids[0]}`);
    // the list stays behind the modal
    await expect(page.getByTestId("product-card").count()).resolves.toBe(2);
    await expect(page.getByRole("heading", { level: 1, name: NAME }).count()).resolves.toBe(0);
    await dialog.getByRole("tab", { name: "Historique" }).waitFor();

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.waitForURL(`${baseUrl()}/products`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toContain(NAME);

    await card.click();
    await dialog.waitFor();
    await page.waitForURL(`${baseUrl()}/products/${ids[0]}`);
    await page.goBack();
    await dialog.waitFor({ state: "detached" });
    await page.waitForURL(`${baseUrl()}/products`);
    await page.getByRole("heading", { name: "Suivez vos prix" }).waitFor();

    await card.click();
    await dialog.waitFor();
    await page.waitForURL(`${baseUrl()}/products/${ids[0]}`);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    await expect(page.getByTestId("product-card").count()).resolves.toBe(0);

    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the not-found page for another user's product and for a malformed id", async () => {
    const owner = await register([{ name: "Produit de quelqu'un d'autre" }]);
    const other = await register([]);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl()}/login`);
    await submitLogin(page, other.email);
    await page.waitForURL(/\/dashboard$/);
    for (const id of [owner.ids[0], "pas-un-identifiant", "00000000-0000-4000-8000-000000000000"]) {
      const res = await page.goto(`${baseUrl()}/products/${id}`);
      expect(res?.status()).toBe(404);
      await page.getByRole("heading", { name: "Page introuvable" }).waitFor();
      expect((await res?.text()) ?? "").not.toContain("Produit de quelqu");
    }
    await page.close();
  });
});
