import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, registerUser, submitLogin, watchErrors } from "../helpers/browser";

const PRODUCT_LIMIT = "Vous avez atteint la limite de 5 produits. Veuillez passer à un abonnement supérieur.";
const URL_LIMIT = "Vous avez atteint la limite de 3 URLs par produit. Veuillez passer à un abonnement supérieur.";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Errors of this screen: console and page errors, and failed calls to the pages and APIs it uses. */
const ownErrors = (errors: string[]) =>
  errors.filter((e) => !/^\d{3} \//.test(e) || /^\d{3} \/(products|api\/(products|scraping|subscriptions))\b/.test(e));

describe("Products screen", () => {
  it("creates a product with two URLs, adds a third, deletes one, edits and deletes the product", async () => {
    const { email } = await registerUser("produits");
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const deletedUrls: string[] = [];
    // the client drops the URL's requests before it sends the DELETE: none may leave after it
    const sentAfterDelete: string[] = [];
    page.on("request", (req) => {
      const path = new URL(req.url()).pathname;
      const id = /^\/api\/products\/[^/]+\/urls\/([0-9a-f-]{36})$/.exec(path)?.[1];
      if (id && req.method() === "DELETE") deletedUrls.push(id);
      else if (deletedUrls.length > 0) sentAfterDelete.push(path);
    });

    // anonymous: the screen is open, its actions lead to the login page
    await page.goto(`${baseUrl()}/products`);
    await page.getByRole("heading", { name: "Suivez vos prix" }).waitFor();
    await page.getByText("Aucun produit à surveiller").waitFor();
    await page.getByRole("button", { name: "Ajouter un produit" }).click();
    await page.waitForURL(/\/login\?redirect=%2Fproducts$/);
    await submitLogin(page, email);
    await page.waitForURL(`${baseUrl()}/products`);
    await page.getByText("Aucun produit à surveiller").waitFor();

    // add-product modal with two URL blocks
    await page.getByRole("button", { name: "Ajouter un produit" }).click();
    const add = page.getByRole("dialog", { name: "Ajouter un produit" });
    await add.getByLabel("Nom du produit").fill("Robot pâtissier KM-500");
    await add.getByLabel("Description").fill("Bol inox 5 L");
    await expect(add.getByRole("button", { name: /^Retirer/ }).count()).resolves.toBe(0);
    await add.getByLabel("Nom de la source").fill("Boutique A");
    await add.getByLabel("URL").fill("https://boutique-a.example/km-500");
    await expect(add.getByLabel("Fréquence").inputValue()).resolves.toBe("daily");
    await add.getByRole("button", { name: "+ Ajouter une autre URL" }).click();
    await add.getByLabel("Nom de la source").nth(1).fill("Boutique B");
    await add.getByLabel("URL").nth(1).fill("https://boutique-b.example/km-500");
    await add.getByLabel("Fréquence").nth(1).selectOption("weekly");
    await expect(add.getByRole("button", { name: /^Retirer/ }).count()).resolves.toBe(2);
    await add.getByRole("button", { name: "Créer et suivre" }).click();
    await page.getByText("Produit créé avec succès").waitFor();
    await add.waitFor({ state: "detached" });

    const card = page.getByTestId("product-card").filter({ hasText: "Robot pâtissier KM-500" });
    await card.getByText("Bol inox 5 L").waitFor();
    // its state badge: tracked, or its readings failed (these shops do not exist)
    await card.getByText(/^(Suivi actif|Relevé en échec|\d relevés en échec)$/).waitFor();
    await card.getByText("Voir détails").waitFor();

    // detail modal, at the product's own address
    await card.click();
    const detail = page.getByRole("dialog", { name: "Robot pâtissier KM-500" });
    await page.waitForURL(new RegExp(`^${baseUrl()}/products/[0-9a-f-]{36}$`));
    await detail.getByText("Bol inox 5 L").waitFor();
    const heading = detail.getByRole("heading", { name: /URLs suivies/ });
    await expect(heading.textContent()).resolves.toMatch(/URLs suivies\s*\(2\)\s*\(max 3\)/);
    await expect(detail.getByTestId("url-row").count()).resolves.toBe(2);
    const rowA = detail.getByTestId("url-row").filter({ hasText: "Boutique A" });
    await rowA.getByText("Analysé le").waitFor();
    await rowA.getByText("Dernier prix").waitFor();
    await expect(rowA.getByRole("link").getAttribute("href")).resolves.toBe("https://boutique-a.example/km-500");
    await rowA.getByTitle("Relancer le scraping").waitFor();

    // from here to the URL's deletion, every history refetch stays in flight: the deleted URL's one must never
    // reach the server (a 404) nor show anything
    const held: Route[] = [];
    await page.route(/\/api\/scraping\/urls\/[^/]+\/history/, (route) => void held.push(route));

    // a third URL reaches the Freemium limit
    await detail.getByRole("button", { name: "Ajouter une URL" }).click();
    const urlForm = detail.getByRole("form", { name: "Nouvelle URL" });
    await urlForm.getByLabel("Nom de la source").fill("Boutique C");
    await urlForm.getByLabel("URL").fill("https://boutique-c.example/km-500");
    await urlForm.getByRole("button", { name: "Ajouter et scraper" }).click();
    await detail.getByText("URL ajoutée avec succès").waitFor();
    await detail.getByTestId("url-row").filter({ hasText: "Boutique C" }).waitFor();
    await detail.getByRole("region", { name: "Historique de Boutique C" }).waitFor();
    await expect(heading.textContent()).resolves.toMatch(/\(3\)\s*\(max 3\)/);
    await detail.getByText("Limite d'URLs atteinte", { exact: true }).waitFor();
    await expect(detail.getByRole("button", { name: "Ajouter une URL" }).count()).resolves.toBe(0);

    // delete one URL, after a warning that it is irreversible
    await detail.getByTestId("url-row").filter({ hasText: "Boutique B" }).getByTitle("Supprimer cette URL").click();
    const confirmUrl = page.getByRole("alertdialog", { name: "Supprimer cette URL ?" });
    await confirmUrl.getByText(/irréversible.*historique des prix/).waitFor();
    expect(held.length).toBeGreaterThan(0);
    await confirmUrl.getByRole("button", { name: "Supprimer" }).click();
    await detail.getByText("URL supprimée avec succès").waitFor();
    await page.unroute(/\/api\/scraping\/urls\/[^/]+\/history/);
    // a request the page cancelled cannot be continued
    await Promise.all(held.map((route) => route.continue().catch(() => {})));
    await detail.getByTestId("url-row").filter({ hasText: "Boutique B" }).waitFor({ state: "detached" });
    await expect(detail.getByTestId("url-row").count()).resolves.toBe(2);
    await expect(detail.getByText(/^Erreur lors de la récupération/).count()).resolves.toBe(0);
    await detail.getByRole("button", { name: "Ajouter une URL" }).waitFor();

    // edit the product
    await detail.getByRole("button", { name: "Modifier le produit" }).click();
    await detail.getByLabel("Nom du produit").fill("Robot pâtissier KM-600");
    await detail
      .getByRole("form", { name: "Modifier le produit" })
      .getByRole("button", { name: "Enregistrer", exact: true })
      .click();
    // the dialog takes the new name as soon as the product is saved: look for it by that name
    const renamed = page.getByRole("dialog", { name: "Robot pâtissier KM-600" });
    await renamed.getByText("Produit mis à jour avec succès").waitFor();

    // Escape closes and gives the focus back to the card
    await page.keyboard.press("Escape");
    await renamed.waitFor({ state: "detached" });
    await page.waitForURL(`${baseUrl()}/products`);
    const renamedCard = page.getByTestId("product-card").filter({ hasText: "Robot pâtissier KM-600" });
    await renamedCard.waitFor();
    // the focus comes back once the dialog has left the tree: wait for it rather than read it at once
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("product-card");

    // delete the product
    await renamedCard.click();
    await page
      .getByRole("dialog", { name: "Robot pâtissier KM-600" })
      .getByRole("button", { name: "Supprimer le produit" })
      .click();
    const confirmProduct = page.getByRole("alertdialog", { name: "Supprimer ce produit ?" });
    await confirmProduct.getByText(/irréversible/).waitFor();
    await confirmProduct.getByRole("button", { name: "Supprimer le produit" }).click();
    await page.getByText("Produit supprimé avec succès").waitFor();
    await page.getByText("Aucun produit à surveiller").waitFor();

    expect(ownErrors(errors)).toEqual([]);
    expect(deletedUrls).toHaveLength(1);
    expect(sentAfterDelete.filter((path) => path.includes(deletedUrls[0]!))).toEqual([]);
    await page.close();
  });

  it("shows the Freemium limits: 5 products, 3 URLs per product", async () => {
    const { email, api } = await registerUser("produits");
    const full = await api("/api/products", {
      name: "Produit complet",
      urls: [1, 2, 3].map((i) => ({ name: `S${i}`, url: `https://s${i}.example/complet` })),
    });
    expect(full.status).toBe(201);
    const almost = await api("/api/products", {
      name: "Produit presque plein",
      urls: [1, 2].map((i) => ({ name: `S${i}`, url: `https://s${i}.example/presque` })),
    });
    for (const name of ["Trois", "Quatre", "Cinq"]) expect((await api("/api/products", { name })).status).toBe(201);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    // the one refusal provoked on purpose below
    const errors = watchErrors(page, [`403 /api/products/${almost.json.id}/urls`]);
    await page.goto(`${baseUrl()}/login?redirect=/products`);
    await submitLogin(page, email);
    await page.waitForURL(`${baseUrl()}/products`);
    await page.getByTestId("product-card").nth(4).waitFor();
    await expect(page.getByTestId("product-card").count()).resolves.toBe(5);
    // the plan's limits have loaded (the page counts against them): until then the button cannot know the catalogue
    // is full
    await page.getByText("5 / 5 produits · plan Freemium", { exact: true }).waitFor();

    // the 6th product is refused before the modal opens
    await page.getByRole("button", { name: "Ajouter un produit" }).click();
    await page.getByText(PRODUCT_LIMIT, { exact: true }).waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);

    // a product at 3 URLs offers no more
    await page.getByTestId("product-card").filter({ hasText: "Produit complet" }).click();
    const detail = page.getByRole("dialog", { name: "Produit complet" });
    await detail.getByText("Limite d'URLs atteinte", { exact: true }).waitFor();
    await expect(detail.getByRole("button", { name: "Ajouter une URL" }).count()).resolves.toBe(0);
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });

    // an empty product shows its empty state
    await page.getByTestId("product-card").filter({ hasText: "Trois" }).click();
    const empty = page.getByRole("dialog", { name: "Trois" });
    await empty.getByText("Aucune URL suivie pour ce produit").waitFor();
    await empty.getByRole("button", { name: "Ajouter votre première URL" }).waitFor();
    await page.keyboard.press("Escape");
    await empty.waitFor({ state: "detached" });

    // the server holds the URL limit when the page is out of date: the 3rd URL arrives from elsewhere meanwhile
    await page.getByTestId("product-card").filter({ hasText: "Produit presque plein" }).click();
    const almostDetail = page.getByRole("dialog", { name: "Produit presque plein" });
    await almostDetail.getByRole("button", { name: "Ajouter une URL" }).click();
    expect(
      (await api(`/api/products/${almost.json.id}/urls`, { name: "Ailleurs", url: "https://ailleurs.example/p" }))
        .status,
    ).toBe(201);
    const urlForm = almostDetail.getByRole("form", { name: "Nouvelle URL" });
    await urlForm.getByLabel("Nom de la source").fill("Une de trop");
    await urlForm.getByLabel("URL").fill("https://de-trop.example/p");
    await urlForm.getByRole("button", { name: "Ajouter et scraper" }).click();
    await urlForm.getByText(URL_LIMIT, { exact: true }).waitFor();

    expect(ownErrors(errors)).toEqual([]);
    await page.close();
  });
});
