// The price picker in the browser: a page showing two equally plausible prices is 'Prix incertain'; the user
// opens the found prices, chooses one, and sees it as the URL's price after the re-scrape.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, registerUser, signIn, watchErrors } from "../helpers/browser";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let browser: Browser;
let merchant: TMerchantServer;

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await startMerchantServer();
});
afterAll(async () => {
  await browser?.close();
  await merchant?.close();
});

describe("price picker", () => {
  it("shows 'Prix incertain', lets the user pick a found price, and shows it after the re-scrape", async () => {
    const { email, api } = await registerUser("prix");
    const created = await api("/api/products", {
      name: "Lampe Arco",
      urls: [{ name: "Atelier", url: `${merchant.url}/pages/uncertain-two-prices.html` }],
    });
    expect(created.status).toBe(201);
    const urlId = created.json.urls[0].id as string;
    const productId = created.json.id as string;
    let status = "pending";
    for (let i = 0; i < 120 && status === "pending"; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const product = await api(`/api/products/${productId}`);
      status = product.json.urls[0].last_status;
    }
    expect(status).toBe("uncertain");

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await signIn(page, email, "/products");

    const card = page.getByTestId("product-card").filter({ hasText: "Lampe Arco" });
    await card.getByText("Prix incertain").waitFor();
    await card.click();
    const detail = page.getByRole("dialog", { name: "Lampe Arco" });
    const row = detail.getByTestId("url-row").filter({ hasText: "Atelier" });
    await row.getByText("Prix incertain", { exact: true }).waitFor();
    await row.getByText(/plusieurs prix plausibles sur la page/).waitFor();

    await row.getByRole("button", { name: "Choisir le bon prix" }).click();
    const picker = row.getByTestId("price-picker");
    const option = picker.getByRole("radio", { name: /49,00\s€.*bloc principal/ });
    await option.check();
    await picker.getByRole("button", { name: "Utiliser ce prix" }).click();
    await detail.getByText("Prix choisi pour Atelier : nouveau relevé lancé").waitFor();
    await row
      .getByText(/^49,00\s€$/)
      .first()
      .waitFor({ timeout: 30_000 });

    const history = await api(`/api/scraping/urls/${urlId}/history`);
    const entries = Array.isArray(history.json) ? history.json : history.json.entries;
    expect(entries[0]).toMatchObject({ price: 49 });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("reads a price that a script draws 300 ms after the page loaded", async () => {
    const { api } = await registerUser("prix");
    const created = await api("/api/products", {
      name: "Console JS",
      urls: [{ name: "Boutique JS", url: `${merchant.url}/js-only/e2e-late?price=329.90&delay=300` }],
    });
    expect(created.status).toBe(201);
    const urlId = created.json.urls[0].id as string;
    let entries: Array<{ price: number }> = [];
    for (let i = 0; i < 120 && entries.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const history = await api(`/api/scraping/urls/${urlId}/history`);
      entries = Array.isArray(history.json) ? history.json : history.json.entries;
    }
    expect(entries[0]).toMatchObject({ price: 329.9 });
  }, 90_000);
});
