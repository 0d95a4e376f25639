import { describe, expect, it } from "vitest";
import { bare } from "./bare-server";
import { cookieHeader, registerBare, signInBare, signOutBare } from "./bare-session";

const me = (cookie: string) => fetch(bare("/api/auth/me"), { headers: { cookie } });

async function outbox(cookie?: string): Promise<string> {
  const res = await fetch(bare("/dev/outbox"), { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return res.text();
}

async function requestReset(email: string) {
  const res = await fetch(bare("/api/auth/forgot-password"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
}

const resetToken = (html: string) => /access_token=(rst_[A-Za-z0-9_%-]+)/.exec(html)?.[1];

describe("the development outbox on the bare server", () => {
  it("shows an anonymous visitor no mail at all after a reset request for a victim", async () => {
    const victim = await registerBare("victime");
    await requestReset(victim.email);
    const html = await outbox();
    expect(html).not.toContain(victim.email);
    expect(html).not.toContain("rst_");
    expect(html).not.toContain("Réinitialisation de votre mot de passe");
    expect(html).toContain("Connectez-vous pour voir les emails qui vous sont adressés.");
  });

  it("shows a signed-in user only the mail addressed to them", async () => {
    const victim = await registerBare("victime");
    const attacker = await registerBare("attaquant");
    await requestReset(victim.email);
    const jar = await signInBare(attacker);
    const before = await outbox(cookieHeader(jar));
    expect(before).not.toContain(victim.email);
    expect(resetToken(before)).toBeUndefined();
    await requestReset(attacker.email);
    const own = await outbox(cookieHeader(jar));
    expect(own).toContain(attacker.email);
    expect(resetToken(own)).toBeTruthy();
    expect(own).not.toContain(victim.email);
  });
});

describe("browser sessions on the bare server", () => {
  it("sign-out ends the session server-side: the copied cookie then gets 401", async () => {
    const user = await registerBare();
    const jar = await signInBare(user);
    const stolen = cookieHeader(jar);
    expect((await me(stolen)).status).toBe(200);
    await signOutBare(jar);
    expect((await me(stolen)).status).toBe(401);
  });

  it("a reset link read by its owner works once, and ends the sessions opened before it", async () => {
    const user = await registerBare();
    const jar = await signInBare(user);
    const cookie = cookieHeader(jar);
    await requestReset(user.email);
    const token = resetToken(await outbox(cookie));
    expect(token).toBeTruthy();
    const reset = (password: string) =>
      fetch(bare("/api/auth/reset-password"), {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${decodeURIComponent(token!)}` },
        body: JSON.stringify({ password }),
      });
    expect((await reset("nouveau-mdp-1")).status).toBe(200);
    expect((await reset("nouveau-mdp-2")).status).toBe(400);
    expect((await me(cookie)).status).toBe(401);
    await signInBare({ email: user.email, password: "nouveau-mdp-1" });
  });
});
