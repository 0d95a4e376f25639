// The 'Canaux d'alerte' card: a webhook added in the dashboard, its secret shown once, a test sent to a real
// local receiver whose signature checks with that secret, the delivery log; an invalid address refused in place.
import { createHmac } from "node:crypto";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeChannel } from "../helpers/fake-channel";
import { baseUrl, launchBrowser, registerUser, signIn, subscribeThroughDemo, watchErrors } from "../helpers/browser";

const SHOTS = process.env.E2E_SCREENSHOTS_DIR || path.resolve("test-results/screenshots");

let browser: Browser;
let hook: Awaited<ReturnType<typeof startFakeChannel>>;

beforeAll(async () => {
  browser = await launchBrowser();
  hook = await startFakeChannel();
});
afterAll(async () => {
  await browser?.close();
  await hook?.close();
});

async function proUser() {
  const { email, api } = await registerUser("canaux", { first_name: "Léa", last_name: "Martin" });
  await subscribeThroughDemo(api);
  return email;
}

describe("alert channels in the dashboard", () => {
  it("adds a webhook, shows its secret once, sends a signed test, and chooses the weekly report", async () => {
    const email = await proUser();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page, ["422 /api/alert-channels"]);
    await signIn(page, email);

    const card = page.locator("#canaux");
    await card.getByRole("heading", { name: "Canaux d'alerte" }).waitFor();
    await card.getByLabel("Nom du canal").fill("ERP");
    await card.getByLabel("Adresse (URL)").fill("ftp://exemple.fr/hook");
    await card.getByRole("button", { name: "Ajouter le canal" }).click();
    await card.getByText("Seules les adresses http et https sont acceptées").waitFor();

    await card.getByLabel("Adresse (URL)").fill(`${hook.url}/hook`);
    await card.getByRole("button", { name: "Ajouter le canal" }).click();
    const secret = (await card.getByTestId("channel-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_/);
    await card.getByText("Canal créé : copiez le secret de signature maintenant, il ne sera plus affiché.").waitFor();

    const row = card.getByTestId("alert-channel");
    await row.getByRole("button", { name: "Envoyer un test" }).click();
    await row.getByText("Message de test envoyé").waitFor();
    expect(hook.received).toHaveLength(1);
    const [got] = hook.received;
    const timestamp = String(got!.headers["x-veilleprix-timestamp"]);
    const expected = createHmac("sha256", secret).update(`${timestamp}.${got!.body}`).digest("hex");
    expect(got!.headers["x-veilleprix-signature"]).toBe(`v1=${expected}`);
    expect(JSON.parse(got!.body)).toMatchObject({ type: "test", alert: { product_name: "Produit d'exemple" } });

    await row.getByRole("button", { name: "Journal des envois" }).click();
    const log = row.getByRole("list", { name: "Journal des envois" });
    await log.getByText("Envoyé").waitFor();
    await log.getByText(/HTTP 200/).waitFor();
    await card.screenshot({ path: path.join(SHOTS, "canaux-alerte-1280.png") });

    // the scheduled report is chosen in the card next to it
    const reports = page.locator("#rapports");
    await reports.getByLabel("Fréquence").selectOption("weekly");
    await reports.getByRole("button", { name: "Enregistrer" }).click();
    await reports.getByText("Préférences du rapport enregistrées").waitFor();
    await reports.screenshot({ path: path.join(SHOTS, "rapport-email-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.screenshot({ path: path.join(SHOTS, "canaux-alerte-390.png") });
    expect(errors).toEqual([]);
    await page.close();
  });
});
