import { desc, eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { POST as forgot } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as reset } from "@/app/api/auth/reset-password/route";
import { PUT as changePassword } from "@/app/api/users/me/password/route";
import { GET as getProfile, PUT as putProfile } from "@/app/api/users/me/route";
import { authOptions } from "@/lib/http/auth-options";
import { getAuthSecret } from "@/lib/secrets/get-auth-secret";
import { call, signUp } from "../helpers/api";
import { browserSession } from "../helpers/workspaces";

const withCookie = (cookie: string) => ({ headers: { cookie } });

async function signOut(cookie: string) {
  const { decode } = await import("next-auth/jwt");
  const token = await decode({ token: cookie.split("=")[1]!, secret: getAuthSecret() });
  await authOptions.events!.signOut!({ token: token!, session: null as never });
}

describe("browser sessions are checked server-side", () => {
  it("a session cookie works until sign-out, then the same cookie gets 401", async () => {
    const who = await signUp();
    const cookie = await browserSession(who);
    const before = await call(me, "/api/auth/me", withCookie(cookie));
    expect(before.status).toBe(200);
    expect(before.json.email).toBe(who.account.email);
    await signOut(cookie);
    expect((await call(me, "/api/auth/me", withCookie(cookie))).status).toBe(401);
  });

  it("a well-signed cookie without a session id (or with an unknown one) is nobody", async () => {
    const who = await signUp();
    const noSid = await encode({ token: { sub: who.userId, email: who.account.email }, secret: getAuthSecret() });
    expect((await call(me, "/api/auth/me", withCookie(`next-auth.session-token=${noSid}`))).status).toBe(401);
    const other = await encode({
      token: { sub: who.userId, sid: "00000000-0000-0000-0000-000000000000" },
      secret: getAuthSecret(),
    });
    expect((await call(me, "/api/auth/me", withCookie(`next-auth.session-token=${other}`))).status).toBe(401);
  });

  it("another user's session id does not open this account", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const bobCookie = await browserSession(bob);
    const { decode } = await import("next-auth/jwt");
    const bobToken = await decode({ token: bobCookie.split("=")[1]!, secret: getAuthSecret() });
    const forged = await encode({ token: { sub: alice.userId, sid: bobToken!.sid }, secret: getAuthSecret() });
    expect((await call(me, "/api/auth/me", withCookie(`next-auth.session-token=${forged}`))).status).toBe(401);
  });
});

describe("changing or resetting the password ends the other sessions", () => {
  it("a change from one browser keeps it, ends the other browsers and every login token", async () => {
    const who = await signUp();
    const here = await browserSession(who);
    const elsewhere = await browserSession(who);
    const res = await call(changePassword, "/api/users/me/password", {
      method: "PUT",
      ...withCookie(here),
      body: { current_password: who.account.password, new_password: "nouveau-secret-9" },
    });
    expect(res.status).toBe(200);
    expect((await call(me, "/api/auth/me", withCookie(here))).status).toBe(200);
    expect((await call(me, "/api/auth/me", withCookie(elsewhere))).status).toBe(401);
    expect((await call(me, "/api/auth/me", { token: who.token })).status).toBe(401);
  });

  it("a change made with a login token keeps that token and ends the browser sessions", async () => {
    const who = await signUp();
    const browser = await browserSession(who);
    const second = await call<{ access_token: string }>(login, "/api/auth/login", {
      body: { email: who.account.email, password: who.account.password },
    });
    const res = await call(changePassword, "/api/users/me/password", {
      method: "PUT",
      token: who.token,
      body: { current_password: who.account.password, new_password: "nouveau-secret-9" },
    });
    expect(res.status).toBe(200);
    expect((await call(me, "/api/auth/me", { token: who.token })).status).toBe(200);
    expect((await call(me, "/api/auth/me", { token: second.json.access_token })).status).toBe(401);
    expect((await call(me, "/api/auth/me", withCookie(browser))).status).toBe(401);
  });

  it("a reset ends every browser session and login token", async () => {
    const who = await signUp();
    const browser = await browserSession(who);
    await call(forgot, "/api/auth/forgot-password", { body: { email: who.account.email } });
    const db = await getDb();
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, who.account.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const link = /access_token=([^&"]+)/.exec(mail!.html)![1]!;
    const res = await call(reset, "/api/auth/reset-password", {
      token: decodeURIComponent(link),
      body: { password: "nouveau-mdp" },
    });
    expect(res.status).toBe(200);
    expect((await call(me, "/api/auth/me", withCookie(browser))).status).toBe(401);
    expect((await call(me, "/api/auth/me", { token: who.token })).status).toBe(401);
  });
});

describe("PUT /api/users/me: a new e-mail needs the current password", () => {
  it("refuses a new e-mail without the current password or with a wrong one, in French", async () => {
    const who = await signUp();
    const body = { first_name: "A", last_name: "B", email: `neuve-${who.account.email}` };
    const missing = await call(putProfile, "/api/users/me", { method: "PUT", token: who.token, body });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      detail: "Saisissez votre mot de passe actuel pour changer d'adresse email",
      code: "current_password_required",
    });
    const wrong = await call(putProfile, "/api/users/me", {
      method: "PUT",
      token: who.token,
      body: { ...body, current_password: "pas-le-bon" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ detail: "Le mot de passe actuel est incorrect", code: "wrong_password" });
    const profile = await call(getProfile, "/api/users/me", { token: who.token });
    expect(profile.json.email).toBe(who.account.email);
  });

  it("changes the e-mail with the current password, and the names without it", async () => {
    const who = await signUp();
    const names = await call(putProfile, "/api/users/me", {
      method: "PUT",
      token: who.token,
      body: { first_name: "Léa", last_name: "Martin", email: who.account.email },
    });
    expect(names.status).toBe(200);
    const newEmail = `neuve-${who.account.email}`;
    const changed = await call(putProfile, "/api/users/me", {
      method: "PUT",
      token: who.token,
      body: { first_name: "Léa", last_name: "Martin", email: newEmail, current_password: who.account.password },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.email).toBe(newEmail);
  });
});
