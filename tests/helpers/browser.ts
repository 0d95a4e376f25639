import fs from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: ARGS });
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
