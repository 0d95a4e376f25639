import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { PUT as changePassword } from "@/app/api/users/me/password/route";
import { GET as getProfile, PUT as putProfile } from "@/app/api/users/me/route";
import { GET as stats } from "@/app/api/users/me/stats/route";
import { GET as health } from "@/app/api/health/route";
import { GET as plans } from "@/app/api/subscriptions/plans/route";
import { call, signUp } from "../helpers/api";

describe("GET/PUT /api/users/me", () => {
  it("reads and updates the caller's own profile only", async () => {
    const alice = await signUp({ first_name: "Alice" });
    const bob = await signUp({ first_name: "Bob" });
    const profile = await call(getProfile, "/api/users/me", { token: alice.token });
    expect(profile.json).toMatchObject({ first_name: "Alice", last_name: "Durand", email: alice.account.email });

    const upd = await call(putProfile, "/api/users/me", {
      method: "PUT",
      token: alice.token,
      body: { first_name: " Alicia ", last_name: "Bernard", email: alice.account.email.toUpperCase() },
    });
    expect(upd.status).toBe(200);
    expect(upd.json).toMatchObject({
      first_name: "Alicia",
      last_name: "Bernard",
      email: alice.account.email,
      message: "Profil mis à jour avec succès",
    });
    expect((await call(me, "/api/auth/me", { token: bob.token })).json.firstname).toBe("Bob");
  });

  it("refuses another account's e-mail and empty fields", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const taken = await call(putProfile, "/api/users/me", {
      method: "PUT",
      token: alice.token,
      body: { first_name: "A", last_name: "B", email: bob.account.email, current_password: alice.account.password },
    });
    expect(taken.status).toBe(409);
    const empty = await call(putProfile, "/api/users/me", {
      method: "PUT",
      token: alice.token,
      body: { first_name: "", last_name: "B", email: alice.account.email },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.detail).toBe("Tous les champs sont obligatoires");
    expect((await call(getProfile, "/api/users/me")).status).toBe(401);
  });
});

describe("PUT /api/users/me/password", () => {
  it("checks the current password, enforces 8 characters and switches the password", async () => {
    const { token, account } = await signUp();
    const wrong = await call(changePassword, "/api/users/me/password", {
      method: "PUT",
      token,
      body: { current_password: "pas-le-bon", new_password: "nouveau-secret" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.detail).toBe("Le mot de passe actuel est incorrect");
    const short = await call(changePassword, "/api/users/me/password", {
      method: "PUT",
      token,
      body: { current_password: account.password, new_password: "court" },
    });
    expect(short.status).toBe(422);
    expect(short.json.detail).toBe("Le nouveau mot de passe doit contenir au moins 8 caractères");
    const ok = await call(changePassword, "/api/users/me/password", {
      method: "PUT",
      token,
      body: { current_password: account.password, new_password: "nouveau-secret" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe("Mot de passe mis à jour avec succès");
    expect(
      (await call(login, "/api/auth/login", { body: { email: account.email, password: account.password } })).status,
    ).toBe(401);
    expect(
      (await call(login, "/api/auth/login", { body: { email: account.email, password: "nouveau-secret" } })).status,
    ).toBe(200);
  });
});

describe("stats, health and plans", () => {
  it("counts the caller's products and active URLs", async () => {
    const { token } = await signUp();
    const res = await call(stats, "/api/users/me/stats", { token });
    expect(res.json).toEqual({ products: 0, active_urls: 0 });
  });

  it("reports the database as reachable", async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: true });
  });

  it("lists the three seeded plans with their limits", async () => {
    const res = await call(plans, "/api/subscriptions/plans");
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ["Freemium", 0],
      ["Professionnel", 49],
      ["Entreprise", 199],
    ]);
    expect(res.json[2].limits).toEqual({
      price_ht: 199,
      max_products: null,
      max_urls_per_product: null,
      history_retention_days: 365,
      has_automation: true,
      has_email_alerts: true,
    });
    expect(res.json[0].limits).toMatchObject({
      max_products: 5,
      max_urls_per_product: 3,
      history_retention_days: 30,
      has_automation: false,
      has_email_alerts: false,
    });
    expect(res.json[1].limits).toMatchObject({
      max_products: 50,
      max_urls_per_product: 10,
      history_retention_days: 90,
    });
  });
});
