import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import {
  baseUrl,
  E2E_PASSWORD,
  launchBrowser,
  registerUser,
  signIn,
  subscribeThroughDemo,
  waitForReadings,
  watchErrors,
} from "../helpers/browser";

type TUser = Awaited<ReturnType<typeof registerUser>>;

let browser: Browser;
let merchant: TMerchantServer;
const contexts: BrowserContext[] = [];
let owner: TUser;
let editor: TUser;
let reader: TUser;
let productId: string;

const url = (path: string) => new URL(path, baseUrl()).toString();

async function newPage(width = 1280, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: "fr-FR" });
  contexts.push(context);
  return context.newPage();
}

/** The invitation link of the newest mail in the invitee's development outbox, read signed in as the invitee. */
async function invitationLink(page: Page, email: string): Promise<string> {
  await signIn(page, email, "/dev/outbox");
  const html = await page.locator("iframe").first().getAttribute("srcdoc");
  const link = /href="([^"]*\/invitation#token=inv_[^"]+)"/.exec(html ?? "")?.[1]?.replace(/&amp;/g, "&");
  if (!link) throw new Error(`aucune invitation dans la boîte d'envoi de ${email}`);
  return link;
}

/** A login token of `email`: it acts in the workspace the account last opened. */
async function loginToken(email: string): Promise<string> {
  const res = await fetch(url("/api/auth/login"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const bearer = (token: string, path: string, init: RequestInit = {}) =>
  fetch(url(path), { ...init, headers: { "content-type": "application/json", authorization: `Bearer ${token}` } });

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await startMerchantServer();
  [owner, editor, reader] = await Promise.all([registerUser("owner"), registerUser("editor"), registerUser("reader")]);
  await subscribeThroughDemo(owner.api, "professionnel");
  productId = (await owner.ok<{ id: string }>("/api/products", { name: "Cafetière de l'équipe", urls: [] })).id;
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await merchant?.close();
});

describe("a team in the browser", () => {
  let ownerPage: Page;
  let editorPage: Page;

  it("an owner invites an editor and a reader from the Équipe page", async () => {
    ownerPage = await newPage();
    const errors = watchErrors(ownerPage);
    await signIn(ownerPage, owner.email, "/dashboard");
    await ownerPage.getByRole("heading", { name: "Équipe" }).waitFor();
    await ownerPage.getByRole("link", { name: "Inviter et gérer l'équipe" }).click();
    await ownerPage.waitForURL(/\/team$/);
    for (const [who, role] of [
      [editor, "Éditeur"],
      [reader, "Lecteur"],
    ] as const) {
      await ownerPage.getByLabel("Adresse email").fill(who.email);
      await ownerPage.getByLabel("Rôle", { exact: true }).selectOption({ label: role });
      await ownerPage.getByRole("button", { name: "Inviter" }).click();
      await ownerPage.getByText(`Invitation envoyée à ${who.email}`).waitFor();
    }
    await ownerPage.getByText("3 places utilisées sur 3 (invitations en attente comprises)").waitFor();
    expect(errors).toEqual([]);
  });

  it("each invitee accepts from the mailed link and sees the catalogue", async () => {
    editorPage = await newPage();
    const readerPage = await newPage(390, 844);
    for (const [page, who] of [
      [editorPage, editor],
      [readerPage, reader],
    ] as const) {
      const link = await invitationLink(page, who.email);
      await page.goto(link);
      await page.getByText("vous invite à rejoindre l'espace", { exact: false }).waitFor();
      await page.getByRole("button", { name: "Accepter l'invitation" }).click();
      await page.waitForURL(/\/products$/);
      await page.getByText("Cafetière de l'équipe").first().waitFor();
      // the link served once
      await page.goto(link);
      await page.getByText("Cette invitation a déjà été acceptée : elle ne peut servir qu'une fois.").waitFor();
    }
    // the reader's screens offer no write; its API writes are refused
    await readerPage.goto(url("/products"));
    await readerPage.getByText("Cafetière de l'équipe").first().waitFor();
    expect(await readerPage.getByRole("button", { name: "Ajouter un produit" }).count()).toBe(0);
    expect(await readerPage.getByRole("button", { name: "Importer un fichier" }).count()).toBe(0);
    const token = await loginToken(reader.email);
    expect((await bearer(token, `/api/products/${productId}`)).status).toBe(200);
    const write = await bearer(token, "/api/products", {
      method: "POST",
      body: JSON.stringify({ name: "Non", urls: [] }),
    });
    expect(write.status).toBe(403);
    const del = await bearer(token, `/api/products/${productId}`, { method: "DELETE" });
    expect(del.status).toBe(403);
  });

  it("the editor and the reader each receive the alert e-mail they chose, once; the owner chose the digest", async () => {
    const SUBJECT = "Changement de prix détecté : Cafetière de l'équipe chez Boutique";
    // each member chooses for themself (a Lecteur too: the choice changes nothing in the workspace)
    for (const [who, mode] of [
      [editor, "instant"],
      [reader, "instant"],
      [owner, "digest"],
    ] as const) {
      const res = await bearer(await loginToken(who.email), "/api/users/me/alert-preferences", {
        method: "PUT",
        body: JSON.stringify({ alert_mode: mode }),
      });
      expect(res.status).toBe(200);
    }
    merchant.setPrice("e2e-equipe", "100.00");
    const added = await owner.api<{ id: string }>(`/api/products/${productId}/urls`, {
      name: "Boutique",
      url: `${merchant.url}/product/e2e-equipe`,
    });
    expect(added.status).toBe(201);
    await waitForReadings(owner.api, added.json.id, 1);
    expect((await owner.api(`/api/products/${productId}/alerts`, { kind: "any_change" })).status).toBe(201);
    merchant.setPrice("e2e-equipe", "90.00");
    expect((await owner.api(`/api/scraping/urls/${added.json.id}/scrape`, {})).status).toBeLessThan(300);
    await waitForReadings(owner.api, added.json.id, 2);

    for (const who of [editor, reader]) {
      const page = await newPage();
      let count = 0;
      for (let i = 0; i < 60 && count === 0; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 500));
        await signIn(page, who.email, "/dev/outbox");
        // one line per mail in the outbox list (the newest is shown beside it too)
        count = await page.getByRole("listitem").filter({ hasText: SUBJECT }).count();
      }
      expect(count).toBe(1);
    }
    const ownerOutbox = await newPage();
    await signIn(ownerOutbox, owner.email, "/dev/outbox");
    expect(await ownerOutbox.getByRole("listitem").filter({ hasText: SUBJECT }).count()).toBe(0);
  });

  it("removing the editor ends its access at once: live page, live token", async () => {
    const token = await loginToken(editor.email);
    expect((await bearer(token, `/api/products/${productId}`)).status).toBe(200);
    // the editor's page still shows the team's catalogue when the owner removes them
    await editorPage.goto(url("/products"));
    const card = editorPage.getByText("Cafetière de l'équipe").first();
    await card.waitFor();
    await ownerPage.reload();
    const row = ownerPage.getByRole("listitem").filter({ hasText: editor.email });
    await row.getByRole("button", { name: "Retirer" }).click();
    await ownerPage.getByRole("alertdialog").getByRole("button", { name: "Retirer" }).click();
    await ownerPage.getByText("ne fait plus partie de l'espace", { exact: false }).waitFor();
    expect((await bearer(token, `/api/products/${productId}`)).status).toBe(401);
    // the editor's open browser session now acts in its own workspace, where the product does not exist
    const status = await editorPage.evaluate(async (id) => (await fetch(`/api/products/${id}`)).status, productId);
    expect(status).toBe(404);
    // opening the product from the stale page reloads it in the editor's own workspace, saying why
    await card.click();
    await editorPage
      .getByText(/^Vous ne faites plus partie de l'espace « .+ »\. Vous êtes maintenant dans l'espace « .+ »\.$/)
      .waitFor();
    expect(await editorPage.getByText("Cafetière de l'équipe").count()).toBe(0);
    expect(await editorPage.getByText("Produit introuvable").count()).toBe(0);
  });
});
