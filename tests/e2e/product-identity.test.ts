// The product forms' 'Identification' section: closed by default (the SPEC's form), filled, checked in French,
// then shown on the product page; screenshots at 1280×800 and 390×844.
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, registerUser, signIn, watchErrors } from "../helpers/browser";

const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe("Product identification", () => {
  it("fills the Identification section of the add form and shows it on the product page", async () => {
    const { email } = await registerUser("identite");
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page, ["409 /api/products"]);
    await signIn(page, email, "/products");

    await page.getByRole("button", { name: "Ajouter un produit" }).click();
    const add = page.getByRole("dialog", { name: "Ajouter un produit" });
    // closed: the SPEC's form, the section's fields hidden
    const section = add.getByTestId("identity-section");
    await expect(add.getByLabel("Référence (SKU)").isVisible()).resolves.toBe(false);
    await add.getByLabel("Nom du produit").fill("Robot cuiseur HF45");
    await add.getByLabel("Nom de la source").fill("Boutique A");
    await add.getByLabel("URL", { exact: true }).fill("https://boutique-a.example/hf45");
    await section.getByText("Identification").click();
    await add.getByLabel("Référence (SKU)").fill("ROB-HF45");
    await add.getByLabel("Codes EAN / GTIN").fill("3017620422004");
    await add.getByLabel("Marque").fill("Moulinex");
    await add.getByLabel("Référence fabricant (MPN)").fill("HF45");
    await add.getByLabel("Catégorie").fill("Maison>Cuisine>Robots");
    await add.getByLabel("Étiquettes").fill("promo, cuisine");
    await add.getByLabel("Prix d'achat HT (€)").fill("89,90");
    await add.getByLabel("Adresse de l'image").fill("https://boutique-a.example/hf45.jpg");
    await add.getByLabel("Mon prix (€)").fill("149,99");
    await add.getByRole("button", { name: "Créer et suivre" }).click();
    // the check digit is refused in French before anything is sent
    await add.getByText("Code EAN invalide (chiffre de contrôle)").waitFor();
    await add.getByLabel("Codes EAN / GTIN").fill("3 017620 422003, 96385074");
    await page.screenshot({ path: path.join(SHOTS, "identification-formulaire-1280.png") });
    await add.getByRole("button", { name: "Créer et suivre" }).click();
    await page.getByText("Produit créé avec succès").waitFor();

    await page.getByTestId("product-card").filter({ hasText: "Robot cuiseur HF45" }).click();
    const detail = page.getByRole("dialog", { name: "Robot cuiseur HF45" });
    const identity = detail.getByTestId("identity");
    await identity.getByText("ROB-HF45").waitFor();
    await identity.getByText("3017620422003, 96385074").waitFor();
    await identity.getByText("Maison > Cuisine > Robots").waitFor();
    await identity.getByText("Moulinex").waitFor();
    await identity.getByText("cuisine", { exact: true }).waitFor();
    await identity.getByText(/89,90\s€/).waitFor();
    await detail.screenshot({ path: path.join(SHOTS, "identification-produit-1280.png") });

    // the product's own page, edited: a SKU taken by another product is refused in French
    const productUrl = page.url();
    await page.goto(`${baseUrl()}/products`);
    await page.getByRole("button", { name: "Ajouter un produit" }).click();
    const second = page.getByRole("dialog", { name: "Ajouter un produit" });
    await second.getByLabel("Nom du produit").fill("Autre robot");
    await second.getByTestId("identity-section").getByText("Identification").click();
    await second.getByLabel("Référence (SKU)").fill("ROB-HF45");
    await second.getByRole("button", { name: "Créer et suivre" }).click();
    await second.getByText("Cette référence (SKU) existe déjà").waitFor();

    await page.goto(productUrl);
    await page.getByRole("button", { name: "Modifier le produit" }).click();
    const form = page.getByRole("form", { name: "Modifier le produit" });
    await form.getByTestId("identity-section").getByText("Identification").click();
    await expect(form.getByLabel("Codes EAN / GTIN").inputValue()).resolves.toBe("3017620422003, 96385074");
    await form.getByLabel("Marque").fill("Seb");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByText("Produit mis à jour avec succès").waitFor();
    await page.getByTestId("identity").getByText("Seb").waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("identity").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "identification-produit-390.png") });
    // nothing wider than the phone's screen
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Modifier le produit" }).click();
    await page.getByTestId("identity-section").getByText("Identification").click();
    await page.screenshot({ path: path.join(SHOTS, "identification-formulaire-390.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
