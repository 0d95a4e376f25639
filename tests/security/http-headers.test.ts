import { describe, expect, it } from "vitest";
import { bare } from "./bare-server";
import { account, sessionCookie } from "./http-client";

function expectCommon(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
}

describe("security headers on the bare server", () => {
  it("a page carries a nonce CSP that its own scripts use", async () => {
    const res = await fetch(bare("/"));
    expect(res.status).toBe(200);
    expectCommon(res);
    const csp = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("https://js.stripe.com");
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // a fresh nonce per request
    const again = (await fetch(bare("/"))).headers.get("content-security-policy")!;
    expect(again).not.toBe(csp);
  });

  it("an API answer, an API error and a 404 page carry them too", async () => {
    for (const [path, status] of [
      ["/api/health", 200],
      ["/api/products", 401],
      ["/page-qui-n-existe-pas", 404],
      ["/api/route-inconnue", 404],
    ] as const) {
      const res = await fetch(bare(path));
      expect(res.status, path).toBe(status);
      expectCommon(res);
    }
  });

  it("refuses a cross-site POST made with the session cookie (403), not a same-origin one", async () => {
    const { email } = await account("csrf");
    const cookie = await sessionCookie(email);
    const post = (headers: Record<string, string>) =>
      fetch(bare("/api/products"), {
        method: "POST",
        headers: { "content-type": "application/json", cookie, ...headers },
        body: JSON.stringify({ name: "Produit CSRF" }),
      });
    const cross = await post({ origin: "https://attaquant.example", "sec-fetch-site": "cross-site" });
    expect(cross.status).toBe(403);
    expect(((await cross.json()) as { detail: string }).detail).toBe(
      "Requête refusée : elle ne provient pas de VeillePrix",
    );
    const same = await post({ origin: new URL(bare("/")).origin, "sec-fetch-site": "same-origin" });
    expect(same.status).toBe(201);
  });
});
