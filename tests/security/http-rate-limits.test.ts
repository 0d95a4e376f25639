import { describe, expect, it } from "vitest";
import { PASSWORD, account, postJson } from "./http-client";

describe("login rate limits on the bare server (no trusted proxy)", () => {
  it("limits 34 logins on one account despite a rotating X-Forwarded-For", async () => {
    const { email } = await account("rotation");
    const statuses: number[] = [];
    for (let i = 0; i < 34; i++) {
      const res = await postJson(
        "/api/auth/login",
        { email, password: `faux-${i}` },
        { "x-forwarded-for": `203.0.113.${i + 1}` },
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(20);
  });

  it("30 bad logins without the header do not block another account's correct login", async () => {
    const victim = await account("victime");
    const other = await account("autre");
    for (let i = 0; i < 30; i++) await postJson("/api/auth/login", { email: victim.email, password: `faux-${i}` });
    const res = await postJson("/api/auth/login", { email: other.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.access_token).toBeTruthy();
  });
});
