import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/api/products/route";
import { call, signUp } from "../helpers/api";

const COOKIE = { cookie: "next-auth.session-token=un-jeton-de-session" };

describe("state-changing requests authenticated by cookie refuse another site", () => {
  it("answers 403 in French to a cross-site Origin or Sec-Fetch-Site with the session cookie", async () => {
    for (const headers of [
      { ...COOKIE, origin: "https://attaquant.example" },
      { ...COOKIE, "sec-fetch-site": "cross-site" },
      { ...COOKIE, "sec-fetch-site": "same-site", origin: "https://sous.localhost:3000" },
      { ...COOKIE, origin: "null" },
    ]) {
      const res = await call(create, "/api/products", { body: { name: "CSRF" }, headers });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        detail: "Requête refusée : elle ne provient pas de VeillePrix",
        code: "cross_site_request",
      });
    }
  });

  it("lets our own pages through, and Bearer-token calls from anywhere", async () => {
    const same = await call(create, "/api/products", {
      body: { name: "Maison" },
      headers: { ...COOKIE, origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    });
    // past the origin check: the fake session is then refused as unauthenticated
    expect(same.status).toBe(401);
    const { token } = await signUp();
    const bearer = await call(create, "/api/products", {
      token,
      body: { name: "Intégration" },
      headers: { origin: "https://ailleurs.example", "sec-fetch-site": "cross-site" },
    });
    expect(bearer.status).toBe(201);
  });
});
