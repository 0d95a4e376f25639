// The 'Canaux d'alerte' card: a webhook added in the dashboard, its secret shown once, a test sent to a real
// local receiver whose signature checks with that secret, the delivery log; an invalid address refused in place.
import { createHmac, randomUUID } from "node:crypto";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeChannel } from "../helpers/fake-channel";
import { baseUrl, launchBrowser, watchErrors } from "../helpers/browser";

const PASSWORD = "motdepasse-solide";
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
  const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join(".")}`;
  const email = `canaux-${randomUUID().slice(0, 8)}@exemple.fr`;
  const headers = { "content-type": "application/json", "x-forwarded-for": ip };
  const post = async <T = any>(p: string, body: unknown, token?: string) => {
    const r = await fetch(`${baseUrl()}${p}`, {
      method: "POST",
      headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      body: JSON.stringify(body),
    });
    return { status: r.status, json: (await r.json().catch(() => undefined)) as T };
  };
  const reg = await post("/api/auth/register", {
    first_name: "Léa",
    last_name: "Martin",
    email,
    password: PASSWORD,
    planId: null,
  });
  expect(reg.status).toBe(201);
  const { access_token: token } = (
    await post<{ access_token: string }>("/api/auth/login", { email, password: PASSWORD })
  ).json;
  const plans = (await (await fetch(`${baseUrl()}/api/subscriptions/plans`)).json()) as { id: number; code: string }[];
  const checkout = await post<{ session_id: string }>(
    "/api/payments/create-checkout-session",
    {
      price_id: null,
      plan_id: plans.find((p) => p.code === "professionnel")?.id,
      success_url: "/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "/subscriptions",
    },
    token,
  );
  expect(checkout.status).toBe(200);
  await post(`/api/payments/demo-checkout/${checkout.json.session_id}/confirm`, {}, token);
  await post(`/api/payments/checkout-sessions/${checkout.json.session_id}/sync`, {}, token);
  return email;
}

describe("alert channels in the dashboard", () => {
  it("adds a webhook, shows its secret once and sends a signed test", async () => {
    const email = await proUser();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page, ["422 /api/alert-channels"]);
    await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent("/dashboard")}`);
    await page.getByLabel("Adresse email").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(`${baseUrl()}/dashboard`);

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
    await page.setViewportSize({ width: 390, height: 844 });
    await card.screenshot({ path: path.join(SHOTS, "canaux-alerte-390.png") });
    expect(errors).toEqual([]);
    await page.close();
  });
});
