import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiTokens, emailOutbox } from "@/db/schema";
import { POST as forgot } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as reset } from "@/app/api/auth/reset-password/route";
import { PUT as changePassword } from "@/app/api/users/me/password/route";
import { PUT as putProfile } from "@/app/api/users/me/route";
import { authOptions } from "@/lib/http/auth-options";
import { createAccessToken } from "@/lib/auth/create-access-token";
import { revokeSession } from "@/lib/auth/revoke-session";
import { call, signUp, uniqueEmail } from "../helpers/api";

type TSignUp = Awaited<ReturnType<typeof signUp>>;

async function latestResetToken(email: string): Promise<string> {
  const db = await getDb();
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "password_reset")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return decodeURIComponent(/access_token=([^&"]+)/.exec(mail!.html)![1]!);
}

const resetWith = (token: string, password = "nouveau-mdp-1") =>
  call(reset, "/api/auth/reset-password", { token, body: { password } });

async function integrationTokenRevoked(id: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
  return row!.revokedAt !== null;
}

async function askReset(who: TSignUp) {
  expect((await call(forgot, "/api/auth/forgot-password", { body: { email: who.account.email } })).status).toBe(200);
  return latestResetToken(who.account.email);
}

describe("pending reset links die with a change of e-mail or password", () => {
  it("a reset asked before an e-mail change no longer opens the account (read at the old address)", async () => {
    const who = await signUp();
    const link = await askReset(who);
    const res = await call(putProfile, "/api/users/me", {
      method: "PUT",
      token: who.token,
      body: { first_name: "A", last_name: "B", email: uniqueEmail("neuve"), current_password: who.account.password },
    });
    expect(res.status).toBe(200);
    const attempt = await resetWith(link, "pris-par-un-autre");
    expect(attempt.status).toBe(400);
    expect(attempt.json.code).toBe("invalid_reset_token");
  });

  it("a password change spends the pending reset links", async () => {
    const who = await signUp();
    const link = await askReset(who);
    const res = await call(changePassword, "/api/users/me/password", {
      method: "PUT",
      token: who.token,
      body: { current_password: who.account.password, new_password: "nouveau-secret-9" },
    });
    expect(res.status).toBe(200);
    expect((await resetWith(link)).status).toBe(400);
  });
});

describe("integration tokens", () => {
  it("a password reset ends them with every session and login token", async () => {
    const who = await signUp();
    const integration = await createAccessToken({ userId: who.userId, workspaceId: who.workspaceId }, "api", "ERP");
    const link = await askReset(who);
    expect((await resetWith(link)).status).toBe(200);
    expect(await integrationTokenRevoked(integration.id)).toBe(true);
  });

  it("a password change ends them when the box is ticked, and keeps them otherwise", async () => {
    const who = await signUp();
    const kept = await createAccessToken({ userId: who.userId, workspaceId: who.workspaceId }, "api", "gardé");
    const body = { current_password: who.account.password, new_password: "nouveau-secret-9" };
    const unticked = await call(changePassword, "/api/users/me/password", { method: "PUT", token: who.token, body });
    expect(unticked.status).toBe(200);
    expect(await integrationTokenRevoked(kept.id)).toBe(false);
    const ticked = await call(changePassword, "/api/users/me/password", {
      method: "PUT",
      token: who.token,
      body: { current_password: "nouveau-secret-9", new_password: "encore-autre-9", revoke_api_tokens: true },
    });
    expect(ticked.status).toBe(200);
    expect(await integrationTokenRevoked(kept.id)).toBe(true);
  });
});

describe("GET /api/auth/session", () => {
  it("answers nothing for a signed-out session (the jwt callback refuses it, next-auth then answers {})", async () => {
    const who = await signUp();
    const user = { id: who.userId, email: who.account.email, firstName: "C", lastName: "D" };
    const jwt = authOptions.callbacks!.jwt!;
    const token = await jwt({ token: { sub: who.userId }, user, account: null, trigger: "signIn" } as never);
    // the session endpoint and getServerSession run the callback without `user`
    await expect(jwt({ token, account: null } as never)).resolves.toMatchObject({ sub: who.userId });
    await revokeSession(token.sid);
    await expect(jwt({ token, account: null } as never)).rejects.toThrow();
    // a token without a session id is nobody either
    await expect(jwt({ token: { sub: who.userId }, account: null } as never)).rejects.toThrow();
  });
});

describe("a known device gets in while its account is flooded from many addresses", () => {
  it("the owner's browser, with its cookie, signs in at once; without it the try waits as before", async () => {
    const who = await signUp();
    const first = await call(login, "/api/auth/login", {
      body: { email: who.account.email, password: who.account.password },
      headers: { "x-forwarded-for": "203.0.113.10" },
    });
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^vp_device_[0-9a-f]{16}=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const deviceCookie = setCookie.split(";")[0]!;
    const attempt = (password: string, ip: string, cookie?: string) =>
      call(login, "/api/auth/login", {
        body: { email: who.account.email, password },
        headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
      });
    // a distributed flood: one failure from each of 31 addresses
    for (let i = 0; i < 31; i++) expect((await attempt(`faux-${i}`, `198.18.${i}.1`)).status).toBe(401);
    expect((await attempt(who.account.password, "203.0.113.60")).status).toBe(429);
    expect((await attempt(who.account.password, "203.0.113.61", deviceCookie)).status).toBe(200);
    // a forged or other account's cookie is no device of this account
    const [name] = deviceCookie.split("=");
    expect(
      (await attempt(who.account.password, "203.0.113.62", `${name}=00000000-0000-4000-8000-000000000000.x`)).status,
    ).toBe(429);
  });

  it("a known device is still counted on its own: past a few failures its tries wait", async () => {
    const who = await signUp();
    const first = await call(login, "/api/auth/login", {
      body: { email: who.account.email, password: who.account.password },
    });
    const deviceCookie = (first.headers.get("set-cookie") ?? "").split(";")[0]!;
    const attempt = (password: string, ip: string) =>
      call(login, "/api/auth/login", {
        body: { email: who.account.email, password },
        headers: { "x-forwarded-for": ip, cookie: deviceCookie },
      });
    // from a new address each time: only the device's own count can slow it down
    for (let i = 0; i < 6; i++) expect((await attempt(`faux-${i}`, `192.0.2.${i + 1}`)).status).toBe(401);
    expect((await attempt(who.account.password, "192.0.2.50")).status).toBe(429);
  });
});
