import { describe, expect, it } from "vitest";
import { BARE_URL, bare } from "./bare-server";

// scripts/e2e.mjs starts the bare server with these, after the build: they must show, not the build's defaults.
const COMPANY = "Société Nue Exploitation SARL";
const EMAIL = "bonjour@nue-exploitation.example";

describe("settings given when the server starts reach every page", () => {
  it("shows the COMPANY_* of the running server on /legal/mentions and /contact", async () => {
    for (const path of ["/legal/mentions", "/contact"]) {
      const html = await (await fetch(bare(path))).text();
      expect(html, path).toContain(EMAIL);
      expect(html, path).not.toContain("contact@veilleprix.fr");
    }
    const mentions = await (await fetch(bare("/legal/mentions"))).text();
    expect(mentions).toContain(COMPANY);
    expect(mentions).not.toContain("VeillePrix SAS");
  });

  it("builds canonical and og links on the running server's APP_URL", async () => {
    for (const path of ["/", "/legal/mentions", "/contact"]) {
      const html = await (await fetch(bare(path))).text();
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      const og = /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];
      expect(canonical?.replace(/\/$/, ""), path).toBe(`${BARE_URL}${path === "/" ? "" : path}`);
      if (og) expect(og.startsWith(BARE_URL), path).toBe(true);
      expect(html, path).not.toContain("http://localhost:3000");
    }
  });
});
