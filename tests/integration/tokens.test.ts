import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiTokens } from "@/db/schema";
import { GET as me } from "@/app/api/auth/me/route";
import { GET as comparison } from "@/app/api/products/[id]/comparison/route";
import { GET as historyCsv } from "@/app/api/products/[id]/export/history.csv/route";
import { DELETE as revoke } from "@/app/api/tokens/[id]/route";
import { GET as list, POST as create } from "@/app/api/tokens/route";
import { hashToken } from "@/lib/auth/tokens";
import { call, signUp } from "../helpers/api";
import { seedProduct, subscribe } from "./history-fixtures";

describe("API tokens", () => {
  it("Freemium cannot create one: 403 with the French reason, and the list says so", async () => {
    const { token } = await signUp();
    const res = await call(create, "/api/tokens", { token, body: { name: "ERP" } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      detail:
        "Les jetons d'API sont réservés aux abonnements avec automatisation. Passez à un abonnement supérieur pour en créer.",
      code: "plan_no_automation",
    });
    const listed = await call(list, "/api/tokens", { token });
    expect(listed.json).toEqual({ can_create: false, tokens: [] });
  });

  it("lifecycle: created once (secret shown once, stored hashed), used as Bearer, last use shown, revoked → 401", async () => {
    const { token, workspaceId, account } = await signUp();
    await subscribe(workspaceId, "professionnel");
    const created = await call(create, "/api/tokens", { token, body: { name: "  Export ERP  " } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Export ERP", last_used_at: null, revoked_at: null });
    const secret: string = created.json.token;
    expect(secret).toMatch(/^vpk_/);
    expect(created.json.prefix).toBe(secret.slice(0, 10));

    const db = await getDb();
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, created.json.id));
    expect(row).toMatchObject({ kind: "api", tokenHash: hashToken(secret), expiresAt: null });
    expect(JSON.stringify(row)).not.toContain(secret);

    const used = await call(me, "/api/auth/me", { token: secret });
    expect(used.status).toBe(200);
    expect(used.json.email).toBe(account.email);

    const listed = await call(list, "/api/tokens", { token });
    expect(listed.json.can_create).toBe(true);
    expect(listed.json.tokens).toHaveLength(1);
    expect(listed.json.tokens[0].id).toBe(created.json.id);
    expect(listed.json.tokens[0].last_used_at).not.toBeNull();
    expect(JSON.stringify(listed.json)).not.toContain(secret);
    // the login token (kind 'session') is not an integration token
    expect(listed.json.tokens.every((t: { prefix: string }) => t.prefix.startsWith("vpk_"))).toBe(true);

    const revoked = await call(revoke, "/x", { method: "DELETE", token, params: { id: created.json.id } });
    expect(revoked.status).toBe(200);
    expect((await call(me, "/api/auth/me", { token: secret })).status).toBe(401);
    expect((await call(list, "/api/tokens", { token })).json.tokens).toEqual([]);
    const again = await call(revoke, "/x", { method: "DELETE", token, params: { id: created.json.id } });
    expect(again.status).toBe(404);
  });

  it("scope: a token of user A cannot read user B's product (404) nor revoke B's tokens", async () => {
    const a = await signUp();
    const b = await signUp();
    await subscribe(a.workspaceId, "professionnel");
    await subscribe(b.workspaceId, "professionnel");
    const tokenA = (await call(create, "/api/tokens", { token: a.token, body: { name: "A" } })).json.token as string;
    const tokenB = await call(create, "/api/tokens", { token: b.token, body: { name: "B" } });
    const productB = await seedProduct(b.workspaceId);
    const productA = await seedProduct(a.workspaceId);

    expect((await call(comparison, "/x", { token: tokenA, params: { id: productB.id } })).status).toBe(404);
    expect((await call(historyCsv, "/x", { token: tokenA, params: { id: productB.id } })).status).toBe(404);
    expect((await call(comparison, "/x", { token: tokenA, params: { id: productA.id } })).status).toBe(200);
    expect(
      (await call(revoke, "/x", { method: "DELETE", token: a.token, params: { id: tokenB.json.id } })).status,
    ).toBe(404);
    expect((await call(me, "/api/auth/me", { token: tokenB.json.token })).status).toBe(200);
  });

  it("an integration token cannot mint or revoke tokens; login tokens cannot be revoked here", async () => {
    const { token, workspaceId } = await signUp();
    await subscribe(workspaceId, "entreprise");
    const created = await call(create, "/api/tokens", { token, body: { name: "CI" } });
    const secret = created.json.token as string;
    const mint = await call(create, "/api/tokens", { token: secret, body: { name: "autre" } });
    expect(mint.status).toBe(403);
    expect(mint.json.code).toBe("api_token_not_allowed");
    expect(
      (await call(revoke, "/x", { method: "DELETE", token: secret, params: { id: created.json.id } })).status,
    ).toBe(403);

    const db = await getDb();
    const [session] = await db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)));
    expect((await call(revoke, "/x", { method: "DELETE", token, params: { id: session!.id } })).status).toBe(404);
    expect((await call(revoke, "/x", { method: "DELETE", token, params: { id: "pas-un-uuid" } })).status).toBe(404);
  });

  it("validates the name", async () => {
    const { token, workspaceId } = await signUp();
    await subscribe(workspaceId, "professionnel");
    const res = await call(create, "/api/tokens", { token, body: { name: "   " } });
    expect(res.status).toBe(422);
    expect(res.json.detail).toBe("Le nom du jeton est obligatoire");
  });
});

describe("API tokens after a downgrade", () => {
  it("suspends integration tokens (403 in French) while the plan has no automation, and restores them after", async () => {
    const { token, workspaceId } = await signUp();
    await subscribe(workspaceId, "professionnel");
    const secret = (await call(create, "/api/tokens", { token, body: { name: "ERP" } })).json.token as string;
    expect((await call(me, "/api/auth/me", { token: secret })).status).toBe(200);

    const { subscriptions, plans } = await import("@/db/schema");
    const db = await getDb();
    const [freemium] = await db.select().from(plans).where(eq(plans.code, "freemium"));
    await db.update(subscriptions).set({ planId: freemium!.id }).where(eq(subscriptions.workspaceId, workspaceId));
    const suspended = await call(me, "/api/auth/me", { token: secret });
    expect(suspended.status).toBe(403);
    expect(suspended.json.code).toBe("plan_no_automation");
    expect(suspended.json.detail).toMatch(/^Votre abonnement n'inclut pas l'accès API/);
    expect((await call(me, "/api/auth/me", { token })).status).toBe(200);

    await subscribe(workspaceId, "entreprise");
    expect((await call(me, "/api/auth/me", { token: secret })).status).toBe(200);
  });
});
