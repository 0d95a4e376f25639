import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { type Browser, type BrowserServer, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { signInHttp, verificationLinkInOutbox } from "./sign-in-http";

const ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the binary shipped in @sparticuz/chromium. */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const sparticuz = (await import("@sparticuz/chromium")).default;
  return sparticuz.executablePath();
}

/** The run's one Chromium (browser-setup.ts, the projects' global setup). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: await chromiumPath(), args: ARGS });
}

/**
 * The run's Chromium, seen by this test file only: closing it closes the file's pages and contexts, not the
 * browser (each page of `newPage` has a context of its own).
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject("browserWsEndpoint"));
}

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL manquant : lancez les tests de bout en bout avec `npm run test:e2e`");
  return url;
};

/**
 * Collects console errors and failed same-site requests of a page, to assert none happened.
 * `expected` lists answers the scenario provokes on purpose (e.g. "401 /api/auth/callback/credentials").
 */
export function watchErrors(page: Page, expected: string[] = []) {
  const errors: string[] = [];
  const origin = new URL(baseUrl()).origin;
  page.on("console", (msg) => {
    // the browser logs every 4xx/5xx fetch this way, without its URL: the response listener names them
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
      errors.push(`console: ${msg.text()}`);
  });
  page.on("response", (res) => {
    const url = new URL(res.url());
    if (url.origin !== origin || res.status() < 400) return;
    const segment = res.request().headers()["next-router-segment-prefetch"];
    const entry = `${res.status()} ${url.pathname}${segment ? ` [segment ${segment}]` : ""}`;
    if (!expected.includes(entry)) errors.push(entry);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

/** The password of every account the e2e scenarios register. */
export const E2E_PASSWORD = "motdepasse-solide";

export type TApiAnswer<T> = { status: number; json: T };

export type TUserApi = <T = any>(path: string, body?: unknown, method?: string) => Promise<TApiAnswer<T>>;

/**
 * A new account, registered (its address verified through the mailed link) and signed in through the API from an address of its own (so the sign-up limit per
 * IP never trips on the shared server). `api` calls the API as this user: POST with a body, GET without, unless
 * `method` says otherwise; `ok` does the same, checks that it succeeded and gives the answer's body.
 */
export async function registerUser(prefix: string, names = { first_name: "Inès", last_name: "Moreau" }) {
  const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join(".")}`;
  const email = `${prefix}-${randomUUID().slice(0, 8)}@exemple.fr`;
  const headers = { "content-type": "application/json", "x-forwarded-for": ip };
  const reg = await fetch(`${baseUrl()}/api/auth/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...names, email, password: E2E_PASSWORD, planId: null }),
  });
  if (reg.status !== 201) throw new Error(`inscription de ${email} refusée : ${reg.status} ${await reg.text()}`);
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  // the owner follows the link mailed at registration (read signed in, in the outbox), so alerts reach them
  const jar = await signInHttp(baseUrl(), { email, password: E2E_PASSWORD }, { "x-forwarded-for": ip });
  const verified = await fetch(await verificationLinkInOutbox(baseUrl(), jar));
  if (!(await verified.text()).includes("Votre adresse email est vérifiée")) throw new Error(`${email} non vérifiée`);
  const api: TUserApi = async <T = any>(path: string, body?: unknown, method?: string) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method: method ?? (body === undefined ? "GET" : "POST"),
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T };
  };
  const ok = async <T = any>(path: string, body?: unknown, method?: string): Promise<T> => {
    const res = await api<T>(path, body, method);
    if (res.status >= 300)
      throw new Error(`${method ?? (body === undefined ? "GET" : "POST")} ${path} : ${res.status}`);
    return res.json;
  };
  return { email, token, api, ok };
}

/** Moves the user to a paid plan through the demo checkout (the e2e server has no Stripe keys, BILLING_DEMO=1). */
export async function subscribeThroughDemo(api: TUserApi, planCode = "professionnel") {
  const plans = await api<{ id: number; code: string }[]>("/api/subscriptions/plans");
  const checkout = await api<{ session_id: string }>("/api/payments/create-checkout-session", {
    price_id: null,
    plan_id: plans.json.find((p) => p.code === planCode)?.id,
    success_url: "/payment-success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "/subscriptions",
  });
  if (checkout.status !== 200) throw new Error(`paiement de démonstration refusé : ${checkout.status}`);
  const confirmed = await api(`/api/payments/demo-checkout/${checkout.json.session_id}/confirm`, {});
  if (confirmed.status >= 300) throw new Error(`confirmation de démonstration refusée : ${confirmed.status}`);
  await api(`/api/payments/checkout-sessions/${checkout.json.session_id}/sync`, {});
}

/** Waits until the URL has `count` readings (its scrapes run in the server's job runner). */
export async function waitForReadings(api: TUserApi, urlId: string, count: number) {
  for (let i = 0; i < 120; i++) {
    const history = await api<unknown[]>(`/api/scraping/urls/${urlId}/history`);
    if (history.json.length >= count) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${count} relevés attendus`);
}

/** Opens the navbar's user menu: a click that lands before the page hydrated opens nothing, so it is tried again. */
export async function openUserMenu(page: Page, name: RegExp) {
  const item = page.getByRole("menuitem", { name: "Déconnexion" });
  for (let attempt = 0; attempt < 10; attempt++) {
    await page.getByRole("button", { name }).click();
    const opened = await item.waitFor({ timeout: 1_500 }).then(
      () => true,
      () => false,
    );
    if (opened) return;
    await page.keyboard.press("Escape");
  }
  throw new Error("le menu utilisateur ne s'ouvre pas");
}

/** Fills and sends the login form the page shows. */
export async function submitLogin(page: Page, email: string, password = E2E_PASSWORD) {
  await page.getByLabel("Adresse email").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Signs in through /login with `path` as the redirect, and waits for that page. */
export async function signIn(page: Page, email: string, path = "/dashboard") {
  await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent(path)}`);
  await submitLogin(page, email);
  await page.waitForURL(`${baseUrl()}${path}`);
}
