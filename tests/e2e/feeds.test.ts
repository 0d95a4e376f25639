import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { googleXml } from "../fixtures/feed-files";
import { startFeedServer, type TFeedServer } from "../fixtures/feed-server";
import {
  baseUrl,
  launchBrowser,
  registerUser,
  submitLogin,
  subscribeThroughDemo,
  watchErrors,
} from "../helpers/browser";

let browser: Browser;
let server: TFeedServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startFeedServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// 1,200 products: several batches, so the bar is seen on its way
const ITEMS = Array.from({ length: 1200 }, (_, i) => ({
  sku: `REF-${String(i).padStart(4, "0")}`,
  name: `Produit ${i}`,
  ean: "",
  brand: "Marque",
  price: "19.90",
  category: "Maison > Cuisine",
}));

describe("Catalogue feeds", () => {
  it("imports a Google Merchant feed from a URL: mapping, progress bar to the end, report", async () => {
    server.serve("/google.xml", googleXml([...ITEMS, { ...ITEMS[0]!, name: "Doublon" }]), {
      type: "application/xml",
    });
    const { email, api } = await registerUser("feeds");
    // Entreprise: no product limit
    await subscribeThroughDemo(api, "entreprise");
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl()}/login?redirect=%2Fproducts`);
    await submitLogin(page, email);
    await page.waitForURL(`${baseUrl()}/products`);
    await page.getByRole("link", { name: "Flux catalogue" }).click();
    await page.waitForURL(`${baseUrl()}/feeds`);

    await page.getByLabel("Nom du flux").fill("Google Shopping");
    await page.getByLabel("Adresse du flux").fill(`${server.url}/google.xml`);
    await page.getByRole("button", { name: "Ajouter le flux" }).click();
    await page.waitForURL(/\/feeds\/[0-9a-f-]{36}$/);
    await page.getByText("Google Merchant Center (XML RSS/Atom)").first().waitFor();
    await expect(page.getByLabel("Référence (SKU)").inputValue()).resolves.toBe("g:id");
    await expect(page.getByLabel("Nom du produit").inputValue()).resolves.toBe("title");

    await page.getByRole("button", { name: "Lancer maintenant" }).click();
    const bar = page.getByRole("progressbar", { name: "Progression du flux" });
    await bar.waitFor();
    await page.getByText(/^Terminé : 1\s200 nouveau\(x\)/).waitFor({ timeout: 120_000 });
    await expect(bar.getAttribute("aria-valuenow")).resolves.toBe("1201");
    await expect(bar.getAttribute("aria-valuemax")).resolves.toBe("1201");
    const report = page.getByRole("table", { name: "Rapport de l'exécution" });
    // problems first: the duplicate, the file's last line, heads the table; the new products follow in file order
    const rows = report.getByRole("row");
    await rows
      .nth(1)
      .getByRole("cell", { name: /^Invalide : Référence \(SKU\) en double dans le fichier/ })
      .waitFor();
    await expect(rows.nth(1).getByRole("cell").first().textContent()).resolves.toBe("1201");
    await expect(rows.nth(2).getByRole("cell").nth(1).textContent()).resolves.toBe("REF-0000");
    await expect(rows.count()).resolves.toBe(201);
    // the counts per outcome, each a filter of the table
    const counts = page.getByRole("group", { name: "Lignes par résultat" });
    await counts.getByRole("button", { name: /^Nouveau : 1\s200$/ }).waitFor();
    await counts.getByRole("button", { name: /^Invalide : 1$/ }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await counts.getByRole("button", { name: "Toutes" }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(201);
    await expect(page.getByRole("link", { name: "Télécharger le rapport (CSV)" }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
