import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openUserMenu, submitLogin, watchErrors } from "../helpers/browser";

let browser: Browser;
let page: Page;
let errors: string[];
const email = `e2e-${randomUUID().slice(0, 8)}@exemple.fr`;
const first = "motdepasse-initial";
const second = "motdepasse-change";
const third = "motdepasse-reinit";

const url = (path: string) => new URL(path, baseUrl()).toString();

async function logout() {
  await openUserMenu(page, /Manon|Camille|Utilisateur/);
  await page.getByRole("menuitem", { name: "Déconnexion" }).click();
  await page.waitForURL(/\/login/);
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
  // a wrong password (sign-in, e-mail change) is an expected 4xx
  errors = watchErrors(page, ["401 /api/auth/callback/credentials", "400 /api/users/me"]);
});

afterAll(async () => {
  await browser?.close();
});

describe("accounts in the browser", () => {
  it("sends an anonymous visitor of a protected page to the login form with the redirect", async () => {
    await page.goto(url("/dashboard?onglet=profil"));
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/dashboard?onglet=profil");
  });

  it("keeps the query string of a product page in the redirect", async () => {
    const target = "/products/0b8e3f52-7d3c-4c7e-9a55-2f1f3f0b6c11?x=1";
    await page.goto(url(target));
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(target);
  });

  it("registers, shows the French rules, then goes to the login form after 2 s", async () => {
    await page.goto(url("/register"));
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toContain("Tous les champs sont obligatoires");
    await page.getByLabel("Prénom").fill("Camille");
    await page.getByLabel("Nom", { exact: true }).fill("Durand");
    await page.getByLabel("Adresse email").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(first);
    await page.getByLabel("Confirmer le mot de passe").fill(`${first}x`);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toContain("Les mots de passe ne correspondent pas");
    await page.getByLabel("Confirmer le mot de passe").fill(first);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await page.waitForURL(/\/login\?registered=1$/);
    await page.getByText("Votre compte a été créé. Connectez-vous pour commencer.").waitFor();
  });

  it("logs in to the dashboard, edits the profile and changes the password", async () => {
    await submitLogin(page, email, first);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole("heading", { name: "Bonjour, Camille !" }).waitFor();
    await page.getByRole("button", { name: "Modifier" }).click();
    await page.getByLabel("Prénom").fill("Manon");
    await page
      .locator("form", { has: page.getByLabel("Prénom") })
      .getByRole("button", { name: "Enregistrer" })
      .click();
    await page.getByText("Profil mis à jour avec succès").waitFor();
    await page.getByRole("button", { name: "Manon" }).waitFor();

    await page.getByLabel("Mot de passe actuel").fill(first);
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(second);
    await page.getByLabel("Confirmer le nouveau mot de passe").fill(second);
    await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
    await page.getByText("Mot de passe mis à jour avec succès").waitFor();
  });

  it("asks for the current password only when the e-mail changes", async () => {
    const profileForm = page.locator("form", { has: page.getByLabel("Prénom") });
    const changeEmail = async (to: string, password: string) => {
      await page.getByRole("button", { name: "Modifier" }).click();
      await profileForm.getByLabel("Email").fill(to);
      await profileForm.getByLabel("Mot de passe actuel").fill(password);
      await profileForm.getByRole("button", { name: "Enregistrer" }).click();
    };
    await page.getByRole("button", { name: "Modifier" }).click();
    expect(await profileForm.getByLabel("Mot de passe actuel").count()).toBe(0);
    await profileForm.getByRole("button", { name: "Annuler" }).click();

    await changeEmail(`autre-${email}`, "pas-le-bon");
    await page.getByText("Le mot de passe actuel est incorrect").waitFor();
    await profileForm.getByRole("button", { name: "Annuler" }).click();
    await changeEmail(`autre-${email}`, second);
    await page.getByText("Profil mis à jour avec succès").waitFor();
    await page.getByText(`autre-${email}`, { exact: true }).waitFor();
    await changeEmail(email, second);
    await page.getByText("Profil mis à jour avec succès").waitFor();
  });

  it("logs out, refuses the old password and accepts the new one", async () => {
    await logout();
    await submitLogin(page, email, first);
    await page.getByText("Identifiants incorrects").waitFor();
    await submitLogin(page, email, second);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole("heading", { name: "Bonjour, Manon !" }).waitFor();
  });

  it("sends a signed-in user away from /login and keeps the guard's redirect round trip", async () => {
    await page.goto(url("/login"));
    await page.waitForURL(/\/dashboard$/);
    await logout();
    await page.goto(url("/dashboard?onglet=profil"));
    await page.waitForURL(/\/login\?redirect=/);
    await submitLogin(page, email, second);
    await page.waitForURL((u) => u.pathname === "/dashboard" && u.search === "?onglet=profil");
  });

  it("asks to verify the address, whose link in the outbox verifies it, and never opens the outbox to a Bearer token", async () => {
    // the e-mail changed back above: unverified again, a new link was sent
    await page.goto(url("/dashboard"));
    await page.getByText("Vérifiez votre adresse email").waitFor();
    await page.goto(url("/products"));
    await page.getByText("Vérifiez votre adresse email").waitFor();
    await page.getByRole("button", { name: "Renvoyer l'email" }).click();
    await page.getByText("Un nouvel email de vérification vient de vous être envoyé.").waitFor();

    const login = await fetch(url("/api/auth/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: second }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const asBearer = await (await fetch(url("/dev/outbox"), { headers: { authorization: `Bearer ${token}` } })).text();
    expect(asBearer).toContain("Connectez-vous pour voir les emails qui vous sont adressés.");
    expect(asBearer).not.toContain(email);

    await page.goto(url("/dev/outbox"));
    await page.getByText("seul l'email de vérification est visible ici", { exact: false }).waitFor();
    const html = await page.locator("iframe").first().getAttribute("srcdoc");
    const link = /href="([^"]*verify-email\?token=vrf_[^"]+)"/.exec(html ?? "")?.[1]?.replace(/&amp;/g, "&");
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByText("Votre adresse email est vérifiée. Vos alertes et rapports vous seront envoyés.").waitFor();
    // spent: its verified owner is told so, nothing is verified twice
    await page.goto(link!);
    await page.getByText("Votre adresse email est déjà vérifiée.").waitFor();
    await page.goto(url("/dashboard"));
    await page.getByRole("heading", { name: "Bonjour, Manon !" }).waitFor();
    expect(await page.getByText("Vérifiez votre adresse email").count()).toBe(0);
  });

  it("resets a forgotten password through the link of the e-mail", async () => {
    await logout();
    await page.goto(url("/forgot-password"));
    await page.getByLabel("Adresse email").fill(email);
    await page.getByRole("button", { name: "Envoyer le lien de réinitialisation" }).click();
    await page.getByText(/Si un compte existe pour cette adresse/).waitFor();

    // an anonymous visitor of the outbox sees no mail; the owner reads theirs once signed in
    await page.goto(url("/dev/outbox"));
    await page.getByText("Connectez-vous pour voir les emails qui vous sont adressés.").waitFor();
    await page.goto(url(`/login?redirect=${encodeURIComponent("/dev/outbox")}`));
    await submitLogin(page, email, second);
    await page.waitForURL(/\/dev\/outbox$/);
    const html = await page.locator("iframe").first().getAttribute("srcdoc");
    const link = /href="([^"]*reset-password#access_token=[^"]+)"/.exec(html ?? "")?.[1]?.replace(/&amp;/g, "&");
    expect(link).toBeTruthy();
    await logout();
    // the tab first showed the page without a token; the link pasted into it changes only the hash
    await page.goto(url("/reset-password"));
    await page.getByText("Lien invalide ou expiré. Veuillez demander un nouveau lien de réinitialisation.").waitFor();
    await page.goto(link!);
    await page.getByLabel("Nouveau mot de passe").fill(third);
    await page.getByLabel("Confirmer le mot de passe").fill(third);
    await page.getByRole("button", { name: /réinitialiser/i }).click();
    await page.getByText("Votre mot de passe a été réinitialisé avec succès!").waitFor();
    await page.waitForURL(/\/login/);
    await submitLogin(page, email, third);
    await page.waitForURL(/\/dashboard$/);
  });

  it("never puts a password in the URL, even when a form is sent before the page's script has loaded", async () => {
    for (const path of ["/login", "/register", "/forgot-password", "/contact"]) {
      const html = await (await fetch(url(path))).text();
      const forms = html.match(/<form\b[^>]*>/g) ?? [];
      expect(forms.length, path).toBeGreaterThan(0);
      for (const form of forms) expect(form, path).toContain('method="post"');
    }
  });

  it("logged no console error on the way", () => {
    expect(errors).toEqual([]);
  });
});
