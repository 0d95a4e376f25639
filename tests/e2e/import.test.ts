import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, registerUser, submitLogin, watchErrors } from "../helpers/browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("Products import", () => {
  it("runs in the background, then shows what was created and the refused lines", async () => {
    const { email } = await registerUser("import");
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl()}/login?redirect=%2Fproducts`);
    await submitLogin(page, email);
    await page.waitForURL(`${baseUrl()}/products`);

    await page.getByRole("button", { name: "Importer un fichier" }).click();
    const dialog = page.getByRole("dialog", { name: "Importer des produits" });
    const csv = [
      "produit;source;url;frequence",
      "Casque X;Fnac;https://www.fnac.example/casque-x;daily",
      "Casque X;Darty;https://www.darty.example/casque-x;weekly",
      "Casque X;Boulanger;pas-une-url;daily",
    ].join("\n");
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "produits.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    const started = page.waitForResponse((r) => r.url().endsWith("/api/products/import") && r.status() === 202);
    await dialog.getByRole("button", { name: "Importer" }).click();
    await started;
    await dialog.getByText("Import terminé : 2 URLs ajoutées, 1 produit créé, 1 ligne refusée.").waitFor();
    await expect(dialog.getByRole("row").count()).resolves.toBe(2);
    await dialog.getByRole("cell", { name: "4", exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Fermer" }).last().click();
    await page.getByText("Casque X").first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
