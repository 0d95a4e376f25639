// The pages behind the unsubscribe links of alert and report e-mails: nothing changes before the click, the
// server's French answer shows in place, a forged link is refused in French.
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUnsubscribeToken } from "@/lib/alerts/unsubscribe/sign-unsubscribe-token";
import { baseUrl, launchBrowser, registerUser, subscribeThroughDemo, watchErrors } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The server signs with the secret it generated next to its database (lib/secrets/get-auth-secret.ts). */
const serverSecret = () => fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "auth-secret"), "utf8").trim();

describe("unsubscribe pages", () => {
  it("disables one alert rule after the click, then says it already is", async () => {
    const { api } = await registerUser("desabonnement");
    await subscribeThroughDemo(api);
    // the rule belongs to the workspace the account opened at registration (its id is not the user id)
    const workspaces = await api<{ current: string }>("/api/workspaces");
    const product = await api<{ id: string }>("/api/products", { name: "Casque audio" });
    const rule = await api<{ id: string }>(`/api/products/${product.json.id}/alerts`, { kind: "any_change" });
    expect(rule.status).toBe(201);
    const token = signUnsubscribeToken({ workspaceId: workspaces.json.current, ruleId: rule.json.id }, serverSecret());

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl()}/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole("heading", { name: "Désabonnement des alertes" }).waitFor();
    await page.getByText("« Tout changement de prix »").waitFor();
    expect((await api(`/api/products/${product.json.id}/alerts`)).json.rules[0].active).toBe(true);
    await page.getByRole("button", { name: "Confirmer le désabonnement" }).click();
    await page.getByText("Cette alerte est désactivée : vous ne recevrez plus d'email pour elle.").waitFor();
    expect((await api(`/api/products/${product.json.id}/alerts`)).json.rules[0].active).toBe(false);
    await page.reload();
    await page.getByText("Cette alerte est déjà désactivée.").waitFor();
    await expect(page.getByRole("link", { name: "Mes préférences d'alerte" }).getAttribute("href")).resolves.toBe(
      "/dashboard#alertes",
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("refuses a report link without a token or with a forged one, in French", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page, ["400 /api/reports/unsubscribe"]);
    await page.goto(`${baseUrl()}/reports/unsubscribe`);
    await page.getByRole("heading", { name: "Désabonnement du rapport" }).waitFor();
    await page.getByText("Lien de désabonnement invalide").waitFor();
    await expect(page.getByRole("button", { name: "Confirmer le désabonnement" }).count()).resolves.toBe(0);

    await page.goto(`${baseUrl()}/reports/unsubscribe?token=falsifie.signature`);
    await page.getByText("Ne plus recevoir le rapport par email ?").waitFor();
    await page.getByRole("button", { name: "Confirmer le désabonnement" }).click();
    await page.getByText("Lien de désabonnement invalide").waitFor();
    await expect(page.getByRole("link", { name: "Mon tableau de bord" }).getAttribute("href")).resolves.toBe(
      "/dashboard#rapports",
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
