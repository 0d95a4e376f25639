import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, registerUser, signIn, subscribeThroughDemo, watchErrors } from "../helpers/browser";

let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const screenshotPath = (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  return path.join(SHOTS, name);
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("Products screen at size: filters, table, selection", () => {
  it("filters by picked category and brand, bulk-tags a selection, shares the view and opens a product from the table", async () => {
    const { email, api, ok } = await registerUser("liste");
    await subscribeThroughDemo(api);
    const products = [
      { name: "Robot pâtissier", category: "Maison > Cuisine > Robots", brand: "Kenwood" },
      { name: "Bouilloire électrique", category: "Maison > Cuisine", brand: "Moulinex" },
      { name: "Perceuse", category: "Bricolage", brand: "Bosch" },
    ];
    for (const p of products) await ok("/api/products", p);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await signIn(page, email, "/products?view=table");
    const rows = page.getByTestId("product-row");
    await expect.poll(() => rows.count()).toBe(3);

    // the filters offer the workspace's values with their counts; the category keeps its sub-categories
    const options = (label: string) => page.getByLabel(label).locator("option").allTextContents();
    await expect
      .poll(() => options("Catégorie"))
      .toEqual(["Toutes", "Bricolage (1)", "Maison (2)", "Maison > Cuisine (2)", "Maison > Cuisine > Robots (1)"]);
    await expect.poll(() => options("Marque")).toEqual(["Toutes", "Bosch (1)", "Kenwood (1)", "Moulinex (1)"]);
    await page.getByLabel("Catégorie").selectOption("Maison > Cuisine");
    await page.waitForURL(/category=Maison/);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.filter({ hasText: "Perceuse" }).count()).toBe(0);
    await page.getByText("2 produits correspondants").waitFor();

    // select one line, then all of them (the box in the header is mixed while only some are), then tag them
    const all = page.getByLabel("Sélectionner tous les produits affichés");
    const bar = page.getByRole("region", { name: "Actions sur la sélection" });
    await page.getByLabel("Sélectionner Robot pâtissier").check();
    await bar.getByText("1 produit sélectionné").waitFor();
    expect(await all.evaluate((box: HTMLInputElement) => [box.checked, box.indeterminate])).toEqual([false, true]);
    await all.check();
    await bar.getByText("2 produits sélectionnés").waitFor();
    expect(await all.evaluate((box: HTMLInputElement) => [box.checked, box.indeterminate])).toEqual([true, false]);
    await page.getByLabel("Sélectionner Bouilloire électrique").uncheck();
    await bar.getByText("1 produit sélectionné").waitFor();
    await all.check();
    await bar.getByText("2 produits sélectionnés").waitFor();
    await bar.getByLabel("Étiquette").fill("rentrée");
    await bar.getByRole("button", { name: "Étiqueter" }).click();
    await page.getByText("Étiquettes mises à jour (2 produits)").waitFor();
    await expect.poll(() => rows.filter({ hasText: "rentrée" }).count()).toBe(2);
    const listed = await ok<{ name: string; tags: string[] }[]>("/api/products?tag=rentr%C3%A9e&sort=name");
    expect(listed.map((p) => p.name)).toEqual(["Bouilloire électrique", "Robot pâtissier"]);
    // the new tag is offered at once
    await expect.poll(() => options("Étiquette")).toEqual(["Toutes", "rentrée (2)"]);
    // the selection outlives the list's revalidation, and 'Désélectionner' empties it
    await bar.getByText("2 produits sélectionnés").waitFor();
    await bar.getByRole("button", { name: "Désélectionner" }).click();
    await bar.waitFor({ state: "detached" });
    expect(await all.isChecked()).toBe(false);

    // a shared view: the same address opens the same filtered table
    const shared = page.url();
    const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(other, email, "/dashboard");
    await other.goto(shared);
    await expect.poll(() => other.getByTestId("product-row").count()).toBe(2);
    await expect(other.getByLabel("Catégorie").inputValue()).resolves.toBe("Maison > Cuisine");
    // the phone's page does not scroll sideways (the table scrolls in its own box)
    const overflow = await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // on the phone the selection's bar folds its editing actions away, so it leaves the list in view
    await other.getByLabel("Sélectionner tous les produits affichés").check();
    const phoneBar = other.getByRole("region", { name: "Actions sur la sélection" });
    await phoneBar.getByText("2 produits sélectionnés").waitFor();
    expect(await phoneBar.getByLabel("Étiquette").isVisible()).toBe(false);
    expect((await phoneBar.boundingBox())!.height).toBeLessThan(844 / 5);
    await phoneBar.getByRole("button", { name: "Plus d'actions" }).click();
    await phoneBar.getByLabel("Étiquette").waitFor();
    await phoneBar.getByRole("button", { name: "Mettre en pause" }).waitFor();
    await other.screenshot({ path: screenshotPath("products-bulk-phone.png") });
    await phoneBar.getByRole("button", { name: "Moins d'actions" }).click();
    await phoneBar.getByLabel("Étiquette").waitFor({ state: "hidden" });
    await other.close();

    // pick a brand: the list narrows to it, the address keeps both filters
    await page.getByLabel("Marque").selectOption({ label: "Kenwood (1)" });
    await page.waitForURL(/brand=Kenwood/);
    await expect.poll(() => rows.count()).toBe(1);
    expect(page.url()).toContain("category=Maison");
    await page.getByText("1 produit correspondant").waitFor();

    // open a product from the table: its page as the modal over the list
    await rows.getByRole("link", { name: "Robot pâtissier" }).click();
    await page.waitForURL(new RegExp(`^${baseUrl()}/products/[0-9a-f-]{36}$`));
    await page.getByRole("dialog", { name: "Robot pâtissier" }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
