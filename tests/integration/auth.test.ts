import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, passwordResetTokens, rateLimits, users } from "@/db/schema";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as register } from "@/app/api/auth/register/route";
import { call, signUp, uniqueEmail } from "../helpers/api";

const valid = () => ({
  first_name: "Léa",
  last_name: "Martin",
  email: uniqueEmail("lea"),
  password: "un-mot-de-passe",
  planId: 2,
});

describe("POST /api/auth/register", () => {
  it("creates the account, normalises the e-mail and gives the Freemium plan", async () => {
    const body = valid();
    const res = await call(register, "/api/auth/register", {
      body: { ...body, email: `  ${body.email.toUpperCase()} ` },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email: body.email, firstname: "Léa", lastname: "Martin", roles: [] });
    const { GET: mySub } = await import("@/app/api/subscriptions/my-subscription/route");
    const { json: tokenRes } = await call(login, "/api/auth/login", {
      body: { email: body.email, password: body.password },
    });
    const sub = await call(mySub, "/api/subscriptions/my-subscription", { token: tokenRes.access_token });
    expect(sub.json.plan).toMatchObject({ name: "Freemium", limits: { max_products: 5, max_urls_per_product: 3 } });
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.email, body.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("refuses a second account with the same e-mail, whatever its case", async () => {
    const body = valid();
    expect((await call(register, "/api/auth/register", { body })).status).toBe(201);
    const again = await call(register, "/api/auth/register", { body: { ...body, email: body.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ detail: "Un compte existe déjà avec cette adresse email", code: "email_taken" });
  });

  it.each([
    [{ first_name: "" }, "Tous les champs sont obligatoires"],
    [{ last_name: undefined }, "Tous les champs sont obligatoires"],
    [{ email: "pas-un-email" }, "Veuillez entrer une adresse email valide"],
    [{ email: "a@b" }, "Veuillez entrer une adresse email valide"],
    [{ password: "court" }, "Le mot de passe doit contenir au moins 8 caractères"],
  ])("answers 422 with the French rule for %o", async (patch, detail) => {
    const res = await call(register, "/api/auth/register", { body: { ...valid(), ...patch } });
    expect(res.status).toBe(422);
    expect(res.json.detail).toBe(detail);
    expect(res.json.code).toBe("validation_error");
  });

  it("answers 400 to malformed JSON without a stack trace", async () => {
    const res = await call(register, "/api/auth/register", { rawBody: "{oops", method: "POST" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ detail: "Corps de requête JSON invalide", code: "invalid_json" });
  });
});

describe("POST /api/auth/login and GET /api/auth/me", () => {
  it("returns a bearer token that resolves the user", async () => {
    const { token, account } = await signUp({ first_name: "Hugo" });
    expect(token).toMatch(/^vps_/);
    const res = await call(me, "/api/auth/me", { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstname: "Hugo", lastname: "Durand", email: account.email, roles: [] });
    expect(new Date(res.json.created_at).toString()).not.toBe("Invalid Date");
  });

  it("answers the same to a wrong password and to an unknown e-mail", async () => {
    const { account } = await signUp();
    const wrong = await call(login, "/api/auth/login", { body: { email: account.email, password: "mauvais-mot" } });
    const unknown = await call(login, "/api/auth/login", {
      body: { email: uniqueEmail("nobody"), password: "mauvais-mot" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.detail).toBe("Identifiants incorrects");
  });

  it("requires both fields", async () => {
    const res = await call(login, "/api/auth/login", { body: { email: "", password: "" } });
    expect(res.status).toBe(422);
    expect(res.json.detail).toBe("Veuillez remplir tous les champs");
  });

  it("slows a stranger on one account with a French 429, not the owner from another address", async () => {
    const { account } = await signUp();
    const attempt = (password: string, ip: string) =>
      call(login, "/api/auth/login", {
        body: { email: account.email, password },
        headers: { "x-forwarded-for": ip },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(`faux-${i}`, "198.51.100.9")).status);
    expect(statuses).toEqual(Array(5).fill(401));
    // the sixth try of that address starts a wait; the next one during it is refused
    expect((await attempt("faux-5", "198.51.100.9")).status).toBe(401);
    const blocked = await attempt(account.password, "198.51.100.9");
    expect(blocked.status).toBe(429);
    expect(blocked.json.detail).toBe("Trop de tentatives. Veuillez réessayer dans quelques minutes.");
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    // the owner, elsewhere, signs in at once
    expect((await attempt(account.password, "203.0.113.50")).status).toBe(200);
  });

  it("spaces out the tries on an account failing from many addresses, without locking its owner out", async () => {
    const { account } = await signUp();
    const attempt = (password: string, ip: string) =>
      call(login, "/api/auth/login", { body: { email: account.email, password }, headers: { "x-forwarded-for": ip } });
    // thirty addresses, one failure each: no address is slowed, the account has had its free failures
    for (let i = 0; i < 30; i++) expect((await attempt(`faux-${i}`, `198.18.${i}.1`)).status).toBe(401);
    expect((await attempt("faux-30", "203.0.113.70")).status).toBe(401);
    // the next tries within two seconds, from anywhere, wait
    const spaced = await attempt(account.password, "203.0.113.60");
    expect(spaced.status).toBe(429);
    expect(spaced.json.detail).toBe("Trop de tentatives. Veuillez réessayer dans quelques secondes.");
    expect(spaced.headers.get("retry-after")).toBe("2");
    // a flood turned away there still counts for its address, which soon waits on its own
    for (let i = 0; i < 5; i++) expect((await attempt(`flot-${i}`, "203.0.113.70")).status).toBe(429);
    const db = await getDb();
    const [pair] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:pair:203.0.113.70:${account.email}`));
    expect(pair!.count).toBe(6);
    // two seconds later the owner signs in
    await db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `login:account-wait:${account.email}`));
    expect((await attempt(account.password, "203.0.113.60")).status).toBe(200);
  });

  it("counts an IPv6 client by its /64: rotating addresses inside it does not escape the limit", async () => {
    const { account } = await signUp();
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await call(login, "/api/auth/login", {
        body: { email: account.email, password: `faux-${i}` },
        headers: { "x-forwarded-for": `2001:db8:77:1::${i.toString(16)}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(401));
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it("does not trust a client's own X-Forwarded-For: rotating it does not escape the limit", async () => {
    const { account } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await call(login, "/api/auth/login", {
        body: { email: account.email, password: `faux-${i}` },
        // the last hop is the socket peer appended by the server (lib/http/record-peer-address.ts)
        headers: { "x-forwarded-for": `10.0.0.${i}, 192.0.2.77` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
  });

  it("limits one address across e-mails", async () => {
    let last = 0;
    for (let i = 0; i < 101; i++) {
      const res = await call(login, "/api/auth/login", {
        body: { email: uniqueEmail(`ip${i}`), password: "whatever1" },
        headers: { "x-forwarded-for": "203.0.113.7" },
      });
      last = res.status;
    }
    expect(last).toBe(429);
  });

  it("answers 401 without a token, with a garbage token, and with a malformed header", async () => {
    expect((await call(me, "/api/auth/me")).status).toBe(401);
    const garbage = await call(me, "/api/auth/me", { token: "vps_nimportequoi" });
    expect(garbage.status).toBe(401);
    expect(garbage.json).toEqual({ detail: "Authentification requise", code: "unauthenticated" });
    expect((await call(me, "/api/auth/me", { headers: { authorization: "Basic abc" } })).status).toBe(401);
  });
});

const resetMailsTo = (email: string) => and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "password_reset"));

describe("password reset", () => {
  it("gives the same answer whether or not the account exists, and only mails the real one", async () => {
    const { POST: forgot } = await import("@/app/api/auth/forgot-password/route");
    const { account } = await signUp();
    const unknownEmail = uniqueEmail("ghost");
    const a = await call(forgot, "/api/auth/forgot-password", { body: { email: account.email } });
    const b = await call(forgot, "/api/auth/forgot-password", { body: { email: unknownEmail } });
    expect(a.status).toBe(200);
    expect(a.json).toEqual(b.json);
    const db = await getDb();
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, unknownEmail))).toHaveLength(0);
    const [mail] = await db.select().from(emailOutbox).where(resetMailsTo(account.email));
    expect(mail!.html).toContain("http://localhost:3000/reset-password#access_token=rst_");
  });

  it("resets once with the mailed token, revokes older tokens and ends earlier Bearer sessions", async () => {
    const { POST: forgot } = await import("@/app/api/auth/forgot-password/route");
    const { POST: reset } = await import("@/app/api/auth/reset-password/route");
    const { token: session, account } = await signUp();
    await call(forgot, "/api/auth/forgot-password", { body: { email: account.email } });
    await call(forgot, "/api/auth/forgot-password", { body: { email: account.email } });
    const db = await getDb();
    const mails = await db.select().from(emailOutbox).where(resetMailsTo(account.email));
    const tokens = mails.map((m) => decodeURIComponent(/access_token=([^&"]+)/.exec(m.html)![1]!));
    expect(new Set(tokens).size).toBe(2);

    const short = await call(reset, "/api/auth/reset-password", { token: tokens[1], body: { password: "12345" } });
    expect(short.status).toBe(422);
    expect(short.json.detail).toBe("Le mot de passe doit contenir au moins 6 caractères");

    const ok = await call(reset, "/api/auth/reset-password", { token: tokens[1], body: { password: "nouveau-mdp" } });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe("Votre mot de passe a été réinitialisé avec succès!");

    const replay = await call(reset, "/api/auth/reset-password", { token: tokens[1], body: { password: "autre-mdp" } });
    expect(replay.status).toBe(400);
    expect(replay.json.detail).toBe("Lien invalide ou expiré. Veuillez demander un nouveau lien de réinitialisation.");
    const older = await call(reset, "/api/auth/reset-password", { token: tokens[0], body: { password: "autre-mdp" } });
    expect(older.status).toBe(400);

    expect((await call(me, "/api/auth/me", { token: session })).status).toBe(401);
    expect(
      (await call(login, "/api/auth/login", { body: { email: account.email, password: account.password } })).status,
    ).toBe(401);
    expect(
      (await call(login, "/api/auth/login", { body: { email: account.email, password: "nouveau-mdp" } })).status,
    ).toBe(200);
  });

  it("refuses an expired token and a request without a token", async () => {
    const { POST: forgot } = await import("@/app/api/auth/forgot-password/route");
    const { POST: reset } = await import("@/app/api/auth/reset-password/route");
    const { account, userId } = await signUp();
    await call(forgot, "/api/auth/forgot-password", { body: { email: account.email } });
    const db = await getDb();
    const [mail] = await db.select().from(emailOutbox).where(resetMailsTo(account.email));
    const token = decodeURIComponent(/access_token=([^&"]+)/.exec(mail!.html)![1]!);
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, userId));
    expect((await call(reset, "/api/auth/reset-password", { token, body: { password: "nouveau-mdp" } })).status).toBe(
      400,
    );
    expect((await call(reset, "/api/auth/reset-password", { body: { password: "nouveau-mdp" } })).status).toBe(400);
  });

  it("rate limits reset requests per e-mail", async () => {
    const { POST: forgot } = await import("@/app/api/auth/forgot-password/route");
    const email = uniqueEmail("spam");
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call(forgot, "/api/auth/forgot-password", { body: { email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const empty = await call(forgot, "/api/auth/forgot-password", { body: { email: "" } });
    expect(empty.json.detail).toBe("Veuillez saisir votre adresse email");
  });
});
