import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, registerUser, submitLogin, watchErrors } from "../helpers/browser";

// The server of scripts/e2e.mjs has no Stripe keys and is not production: the demo checkout.

let browser: Browser;
let page: Page;
let errors: string[];
let email: string;

const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");
const url = (to: string) => new URL(to, baseUrl()).toString();
const card = (code: string) => page.locator(`article[data-plan="${code}"]`);

beforeAll(async () => {
  ({ email } = await registerUser("e2e-billing"));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
  errors = watchErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

describe("subscribing in the browser (demo checkout)", () => {
  it("sends an anonymous visitor to the login form, then back to the plans", async () => {
    await page.goto(url("/subscriptions?plan=professionnel"));
    await page.waitForURL(/\/login\?redirect=/);
    await submitLogin(page, email);
    await page.waitForURL(/\/subscriptions\?plan=professionnel/);
    await page.getByRole("heading", { name: "Plans d'abonnement" }).waitFor();
  });

  it("shows the plans with their limits, the current plan and the demo label", async () => {
    await card("professionnel").waitFor();
    await expect.poll(() => card("freemium").textContent()).toContain("Plan actuel");
    const pro = (await card("professionnel").textContent()) ?? "";
    for (const text of [
      "Professionnel",
      "49",
      "€ /mois HT",
      "TTC (TVA 20",
      "50 produits max",
      "10 URLs par produit",
      "Historique sur 90 jours",
      "Automatisation",
      "Alertes par email",
      "Plan sélectionné",
    ]) {
      expect(pro).toContain(text);
    }
    expect(await card("entreprise").textContent()).toContain("Produits illimités");
    // a Freemium subscription is a subscription (SPEC §2): its card says 'Plan actuel', the others 'Changer de plan'
    const freeButton = card("freemium").getByRole("button", { name: "Plan actuel" });
    expect(await freeButton.isDisabled()).toBe(true);
    expect(await card("professionnel").getByRole("button", { name: "Changer de plan" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Choisir ce plan" }).count()).toBe(0);
    expect(await page.getByText("Mode démonstration").count()).toBeGreaterThan(0);
  });

  it("goes from 'Changer de plan' through the demo checkout and the success page to the 'Plan actuel' badge", async () => {
    await card("professionnel").getByRole("button", { name: "Changer de plan" }).click();
    await page.waitForURL(/\/checkout\/demo\?session_id=demo_/);
    await page.getByText("Mode démonstration").first().waitFor();
    await page.getByRole("button", { name: "Confirmer le paiement de démonstration" }).click();

    await page.waitForURL(/\/payment-success\?session_id=demo_/);
    await page.getByText("Finalisation de votre abonnement...").waitFor();
    await page.getByText("Paiement réussi !").waitFor({ timeout: 15_000 });
    await page.getByText("Votre abonnement a été activé avec succès.").waitFor();
    // after 3 s the page goes to the dashboard by itself
    await page.waitForURL(/\/dashboard$/);
    await expect
      .poll(() => page.getByRole("table", { name: "Factures" }).textContent(), { timeout: 15_000 })
      .toContain("Payée");
    // 49,00 € HT with 20 % VAT
    expect(await page.getByRole("table", { name: "Factures" }).textContent()).toContain("58,80");

    await page.goto(url("/subscriptions"));
    await expect.poll(() => card("professionnel").textContent(), { timeout: 15_000 }).toContain("Plan actuel");
    expect(await card("freemium").textContent()).not.toContain("Plan actuel");
    await expect.poll(() => card("entreprise").getByRole("button").first().textContent()).toBe("Changer de plan");
  });

  it("downloads the demo invoice as a PDF", async () => {
    const res = await page.request.get(url("/api/payments/invoices"));
    const invoices = (await res.json()) as Array<{ invoice_pdf: string }>;
    expect(invoices).toHaveLength(1);
    const pdf = await page.request.get(url(invoices[0]!.invoice_pdf));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");

    await page.goto(url("/dashboard"));
    // a download in the page: no tab opened (an empty one stayed open while the PDF downloaded)
    const tabs: unknown[] = [];
    page.context().on("page", (p) => tabs.push(p));
    const download = page.waitForEvent("download");
    const fetched = page.waitForResponse((r) => r.url().endsWith("/pdf"));
    await page
      .getByRole("table", { name: "Factures" })
      .getByRole("button", { name: /Télécharger/ })
      .click();
    const response = await fetched;
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect((await download).suggestedFilename()).toMatch(/^facture-.+\.pdf$/);
    expect(tabs).toHaveLength(0);
    expect(await page.getByText("Erreur lors du téléchargement de la facture").count()).toBe(0);
  });

  it("schedules a cheaper paid plan for the end of the paid period, and cancels that change", async () => {
    await page.goto(url("/subscriptions"));
    await card("entreprise").getByRole("button", { name: "Changer de plan" }).click();
    await page.waitForURL(/\/checkout\/demo\?session_id=demo_/);
    await page.getByRole("button", { name: "Confirmer le paiement de démonstration" }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });

    await page.goto(url("/subscriptions"));
    await expect.poll(() => card("entreprise").textContent(), { timeout: 15_000 }).toContain("Plan actuel");
    await card("professionnel").getByRole("button", { name: "Changer de plan" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Passer au plan Professionnel ?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Votre plan Entreprise reste actif jusqu'au \d{2}\/\d{2}\/\d{4}/);
    await dialog.getByRole("button", { name: "Confirmer" }).click();

    const badge = page.getByText(/^Passage au plan Professionnel le \d{2}\/\d{2}\/\d{4}$/);
    await badge.waitFor({ timeout: 15_000 });
    expect(await card("entreprise").textContent()).toContain("Plan actuel");
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: path.join(SHOTS, `abonnement-changement-prevu-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("button", { name: "Annuler le passage au plan Professionnel" }).click();
    await page.getByText("Votre plan Entreprise continue : le changement de plan est annulé.").waitFor();
    expect(await badge.count()).toBe(0);
    expect(await card("entreprise").textContent()).toContain("Plan actuel");
  });

  it("says 'Session ID manquant' without a session id", async () => {
    await page.goto(url("/payment-success"));
    await page.getByText("Session ID manquant").waitFor();
    await page.getByRole("link", { name: "Retour aux abonnements" }).waitFor();
  });

  it("raised no console error and no failed billing request", () => {
    // pages of other screens may be prefetched while they are still being built: only billing counts here
    const billing =
      /^(console|pageerror)|\/(api\/payments|api\/subscriptions|api\/webhooks|subscriptions|checkout|payment-success)\b/;
    expect(errors.filter((e) => billing.test(e.replace(/^\d{3} /, "")))).toEqual([]);
  });
});
