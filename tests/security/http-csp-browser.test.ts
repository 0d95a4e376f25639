import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../helpers/browser";
import { bare } from "./bare-server";
import { account } from "./http-client";

const PAGES = [
  "/",
  "/pricing",
  "/contact",
  "/login",
  "/register",
  "/forgot-password",
  "/docs/api",
  "/legal/mentions",
  "/legal/privacy",
  "/page-qui-n-existe-pas",
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("every page works under the Content-Security-Policy (bare server, real browser)", () => {
  it("renders and hydrates the public pages, the demo video and the OG image without a CSP violation", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { reportViolation: (v: string) => void }).reportViolation(
          `${e.violatedDirective} ${e.blockedURI} on ${location.pathname}`,
        ),
      );
    });
    page.on("console", (msg) => {
      if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    for (const path of PAGES) {
      await page.goto(bare(path), { waitUntil: "networkidle" });
      // hydrated: React attached its handlers (Next's inline scripts ran with the nonce)
      await page.waitForFunction(() => Boolean((window as unknown as { next?: unknown }).next));
    }
    await page.goto(bare("/"), { waitUntil: "networkidle" });
    const video = await page.evaluate(async () => {
      const v = document.querySelector("video");
      if (!v) return "absente";
      v.muted = true;
      v.preload = "auto";
      v.load();
      await new Promise((r) => v.addEventListener("loadedmetadata", r, { once: true }));
      return v.readyState >= 1 ? "chargée" : "bloquée";
    });
    expect(video).toBe("chargée");
    const og = await page.request.get(bare("/opengraph-image"));
    expect(og.status()).toBe(200);
    expect(og.headers()["content-type"]).toContain("image/");
    expect(violations).toEqual([]);
    await context.close();
  });

  it("a signed-in user's dashboard hydrates under the CSP", async () => {
    const { email } = await account("csp");
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) errors.push(msg.text());
    });
    await page.goto(bare("/login"), { waitUntil: "networkidle" });
    await page.getByLabel("Adresse email").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill("un-mot-de-passe-solide");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(/\/dashboard/);
    await page.waitForFunction(() => Boolean((window as unknown as { next?: unknown }).next));
    expect(errors).toEqual([]);
    await context.close();
  });
});
