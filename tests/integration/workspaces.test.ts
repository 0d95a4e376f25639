import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import {
  alertChannels,
  catalogFeedRuns,
  catalogFeeds,
  alertRules,
  apiTokens,
  invoices,
  productImports,
  productUrls,
  products,
  scrapeTasks,
  subscriptions,
} from "@/db/schema";
import { GET as me } from "@/app/api/auth/me/route";
import { GET as getProduct } from "@/app/api/products/[id]/route";
import { GET as listProducts, POST as createProduct } from "@/app/api/products/route";
import { POST as createToken } from "@/app/api/tokens/route";
import { GET as currentWorkspace, POST as switchTo } from "@/app/api/workspaces/current/route";
import { GET as myWorkspaces, POST as createWorkspace } from "@/app/api/workspaces/route";
import { call, signUp } from "../helpers/api";
import { addMember, browserSession, removeMember, tokenIn } from "../helpers/workspaces";
import { addRule, setPlan } from "./alerts-fixtures";
import { seedProduct, seedUrl } from "./history-fixtures";

type THandler = Parameters<typeof call>[0];
const API_DIR = path.join(process.cwd(), "app/api");
const WRITES = ["POST", "PUT", "PATCH", "DELETE"] as const;
const ROLE_REFUSED = { detail: "Votre rôle dans cet espace ne permet pas cette action", code: "forbidden_role" };

// Route files whose writes are not the current workspace's: signing in, the user's own account, workspaces and
// tokens (capped at the caller's role), public links and webhooks. Any other route file is a workspace write.
const NOT_WORKSPACE_WRITES = new Set([
  "/api/auth/[...nextauth]",
  "/api/auth/forgot-password",
  "/api/auth/login",
  "/api/auth/register",
  "/api/auth/reset-password",
  "/api/auth/verify-email/resend",
  "/api/users/me",
  "/api/users/me/password",
  // the member's own alert mode and report frequency: a reader chooses theirs
  "/api/users/me/alert-preferences",
  "/api/users/me/report-preferences",
  "/api/workspaces",
  "/api/workspaces/current",
  "/api/tokens",
  "/api/tokens/[id]",
  "/api/contact",
  "/api/alerts/unsubscribe",
  "/api/reports/unsubscribe",
  "/api/webhooks/stripe",
  "/api/inngest",
  // an invitation is accepted by an account (its own, not the workspace's) or by a visitor
  "/api/invitations/preview",
  "/api/invitations/accept",
  "/api/invitations/register",
]);

// Bodies the routes accept, so that only the ownership check can refuse them.
const VALID_BODIES: Record<string, unknown> = {
  "PUT /api/products/[id]": { name: "Repris" },
  "PATCH /api/workspaces/current/members/[userId]": { role: "reader" },
  "PATCH /api/products/[id]": { sku: "REPRIS-1", gtins: ["3017620422003"] },
  "PUT /api/products/[id]/reference-price": { reference_price: "10" },
  "POST /api/products/[id]/urls": { name: "Fnac", url: "https://www.fnac.com/p/1" },
  "PATCH /api/products/[id]/urls/[urlId]": { name: "Repris" },
  "PUT /api/products/[id]/urls/[urlId]/price-source": { automatic: true },
  "POST /api/products/[id]/alerts": { kind: "any_change" },
  "PATCH /api/products/[id]/alerts/[ruleId]": { active: false },
};

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const routePath = (file: string) => `/api/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}`;

async function routes() {
  const found: { path: string; method: string; handler: THandler }[] = [];
  for (const file of routeFiles(API_DIR)) {
    const mod = (await import(file)) as Record<string, THandler>;
    for (const method of ["GET", ...WRITES]) {
      if (typeof mod[method] === "function") found.push({ path: routePath(file), method, handler: mod[method]! });
    }
  }
  return found;
}

/** A workspace (owner A, Professionnel) with one of everything a route can name. */
async function furnishedWorkspace() {
  const owner = await signUp();
  const ws = owner.workspaceId;
  await setPlan(ws, "professionnel");
  const product = await seedProduct(ws, "Casque");
  const url = await seedUrl(ws, product.id, "Darty");
  const rule = await addRule(ws, product.id, { kind: "any_change" });
  const db = await getDb();
  const [channel] = await db
    .insert(alertChannels)
    .values({ workspaceId: ws, kind: "webhook", name: "Pricing", url: "https://hooks.exemple.fr/h" })
    .returning();
  const [task] = await db
    .insert(scrapeTasks)
    .values({ workspaceId: ws, productId: product.id, urlId: url.id, url: url.url, status: "failed" })
    .returning();
  const [imported] = await db
    .insert(productImports)
    .values({ workspaceId: ws, fileName: "a.csv", fileHash: "x", rows: [], total: 0, status: "done" })
    .returning();
  const [invoice] = await db
    .insert(invoices)
    .values({ workspaceId: ws, provider: "demo", status: "paid", stripeInvoiceId: `demo_${randomUUID()}` })
    .returning();
  const [feed] = await db
    .insert(catalogFeeds)
    .values({
      workspaceId: ws,
      name: "Flux",
      source: "url",
      url: "https://shop.exemple.fr/flux.xml",
      frequency: "daily",
    })
    .returning();
  const [feedRun] = await db
    .insert(catalogFeedRuns)
    .values({ workspaceId: ws, feedId: feed!.id, trigger: "manual", status: "done" })
    .returning();
  const params: Record<string, string> = {
    feedId: feed!.id,
    runId: feedRun!.id,
    urlId: url.id,
    ruleId: rule.id,
    taskId: task!.id,
    importId: imported!.id,
    userId: owner.userId,
  };
  /** The path params of a route, naming this workspace's objects. */
  const paramsFor = (route: string) => ({
    ...params,
    id: route.startsWith("/api/alert-channels")
      ? channel!.id
      : route.startsWith("/api/payments/invoices")
        ? invoice!.id
        : route.startsWith("/api/payments")
          ? "sub_inconnu"
          : product.id,
  });
  return { owner, ws, product, paramsFor };
}

/** Everything the workspace holds, to prove a refused request changed nothing. */
async function contents(ws: string) {
  const db = await getDb();
  const rows = await Promise.all(
    [
      products,
      productUrls,
      alertRules,
      alertChannels,
      scrapeTasks,
      productImports,
      subscriptions,
      invoices,
      catalogFeeds,
      catalogFeedRuns,
    ].map((table) => db.select().from(table).where(eq(table.workspaceId, ws)).orderBy(asc(table.id))),
  );
  const tokens = await db.select().from(apiTokens).where(eq(apiTokens.workspaceId, ws)).orderBy(asc(apiTokens.id));
  return JSON.stringify([...rows, tokens.map((t) => ({ ...t, lastUsedAt: null }))]);
}

describe("roles in a workspace", () => {
  it("a Lecteur reads the workspace but every write route answers 403 and changes nothing", async () => {
    const { owner, ws, product, paramsFor } = await furnishedWorkspace();
    const reader = await signUp();
    await addMember(ws, reader.userId, "reader");
    const token = await tokenIn(ws, reader.userId);

    const read = await call(getProduct, "/x", { token, params: { id: product.id } });
    expect(read.status).toBe(200);
    expect(read.json.name).toBe("Casque");

    const before = await contents(ws);
    const writes = (await routes()).filter((r) => r.method !== "GET" && !NOT_WORKSPACE_WRITES.has(r.path));
    expect(writes.length).toBeGreaterThan(30);
    for (const route of writes) {
      const res = await call(route.handler, route.path, {
        method: route.method,
        token,
        body: {},
        params: paramsFor(route.path),
      });
      expect({ route: `${route.method} ${route.path}`, status: res.status, body: res.json }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 403,
        body: ROLE_REFUSED,
      });
    }
    expect(await contents(ws)).toBe(before);
    // the owner still writes
    expect(
      (await call(createProduct, "/api/products", { token: owner.token, body: { name: "Enceinte" } })).status,
    ).toBe(201);
  });

  it("an Éditeur changes the catalogue but not the billing (owner-only routes answer 403)", async () => {
    const { ws, paramsFor } = await furnishedWorkspace();
    const editor = await signUp();
    await addMember(ws, editor.userId, "editor");
    const token = await tokenIn(ws, editor.userId);
    const created = await call(createProduct, "/api/products", { token, body: { name: "Enceinte" } });
    expect(created.status).toBe(201);

    const before = await contents(ws);
    const billing = (await routes()).filter(
      (r) => r.path.startsWith("/api/payments/") && r.path !== "/api/payments/config",
    );
    for (const route of [...billing, ...(await routes()).filter((r) => r.path === "/api/subscriptions/subscribe")]) {
      const res = await call(route.handler, route.path, {
        method: route.method,
        token,
        body: route.method === "GET" ? undefined : {},
        params: paramsFor(route.path),
      });
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 403,
      });
    }
    expect(await contents(ws)).toBe(before);
  });

  it("an API token acts with the lower of its own role and its creator's current one", async () => {
    const { owner, ws } = await furnishedWorkspace();
    const editor = await signUp();
    await addMember(ws, editor.userId, "editor");
    const login = await tokenIn(ws, editor.userId);
    // asking for more than one's role gives one's role
    const made = await call(createToken, "/api/tokens", { token: login, body: { name: "ERP", role: "owner" } });
    expect(made.status).toBe(201);
    const db = await getDb();
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, made.json.id));
    expect(row).toMatchObject({ workspaceId: ws, userId: editor.userId, role: "editor" });
    const integration: string = made.json.token;
    expect((await call(createProduct, "/api/products", { token: integration, body: { name: "A" } })).status).toBe(201);

    // demoted to Lecteur: the same token can no longer write
    await addMember(ws, editor.userId, "reader");
    const refused = await call(createProduct, "/api/products", { token: integration, body: { name: "B" } });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual(ROLE_REFUSED);
    expect((await call(listProducts, "/api/products", { token: integration })).status).toBe(200);

    // an owner's token made for reading only
    const ownerLogin = await tokenIn(ws, owner.userId);
    const readOnly = await call(createToken, "/api/tokens", {
      token: ownerLogin,
      body: { name: "Tableau", role: "reader" },
    });
    expect(readOnly.status).toBe(201);
    const readToken: string = readOnly.json.token;
    expect((await call(listProducts, "/api/products", { token: readToken })).status).toBe(200);
    expect((await call(createProduct, "/api/products", { token: readToken, body: { name: "C" } })).status).toBe(403);
    const bad = await call(createToken, "/api/tokens", { token: ownerLogin, body: { name: "X", role: "admin" } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe("Le rôle du jeton doit être owner, editor ou reader");
  });
});

describe("a removed member", () => {
  it("loses the workspace at once: the live cookie falls back to their own workspace, the live token gets 401", async () => {
    const { ws, product } = await furnishedWorkspace();
    const member = await signUp();
    await addMember(ws, member.userId, "editor");
    const cookie = await browserSession(member);
    const browser = { headers: { cookie, origin: "http://localhost:3000" } };
    const token = await tokenIn(ws, member.userId);

    const switched = await call(switchTo, "/api/workspaces/current", { ...browser, body: { workspaceId: ws } });
    expect(switched.status).toBe(200);
    expect(switched.json).toMatchObject({ id: ws, role: "editor" });
    expect((await call(getProduct, "/x", { ...browser, params: { id: product.id } })).status).toBe(200);
    expect((await call(getProduct, "/x", { token, params: { id: product.id } })).status).toBe(200);
    const listed = await call(myWorkspaces, "/api/workspaces", browser);
    expect(listed.json.current).toBe(ws);
    expect(listed.json.workspaces).toHaveLength(2);

    await removeMember(ws, member.userId);
    const gone = await call(getProduct, "/x", { ...browser, params: { id: product.id } });
    expect(gone.status).toBe(404);
    expect((await call(myWorkspaces, "/api/workspaces", browser)).json).toEqual({
      current: member.workspaceId,
      workspaces: [{ id: member.workspaceId, name: "Camille Durand", role: "owner" }],
    });
    expect((await call(listProducts, "/api/products", browser)).json).toEqual([]);
    expect((await call(getProduct, "/x", { token, params: { id: product.id } })).status).toBe(401);
    expect((await call(me, "/api/auth/me", { token })).status).toBe(401);
    // and cannot switch back
    const back = await call(switchTo, "/api/workspaces/current", { ...browser, body: { workspaceId: ws } });
    expect(back.status).toBe(404);
    expect(back.json).toEqual({ detail: "Espace de travail introuvable", code: "not_found" });
  });

  it("whose open page names the workspace it shows gets 409 'workspace_changed', reading and writing nothing", async () => {
    const { ws, product } = await furnishedWorkspace();
    const member = await signUp();
    await addMember(ws, member.userId, "editor");
    const cookie = await browserSession(member);
    await call(switchTo, "/api/workspaces/current", {
      headers: { cookie, origin: "http://localhost:3000" },
      body: { workspaceId: ws },
    });
    const page = { headers: { cookie, origin: "http://localhost:3000", "x-workspace-id": ws } };
    expect((await call(getProduct, "/x", { ...page, params: { id: product.id } })).status).toBe(200);
    const token = await tokenIn(ws, member.userId);

    await removeMember(ws, member.userId);
    const changed = {
      status: 409,
      json: { code: "workspace_changed", detail: expect.stringContaining("va se recharger") },
    };
    expect(await call(getProduct, "/x", { ...page, params: { id: product.id } })).toMatchObject(changed);
    expect(await call(listProducts, "/api/products", page)).toMatchObject(changed);
    // the look a page takes after each navigation
    expect(await call(currentWorkspace, "/api/workspaces/current", page)).toMatchObject(changed);
    // a write meant for the shown workspace is not made in the session's new one
    expect(await call(createProduct, "/api/products", { ...page, body: { name: "Égaré" } })).toMatchObject(changed);
    const own = { headers: { cookie, origin: "http://localhost:3000", "x-workspace-id": member.workspaceId } };
    expect((await call(listProducts, "/api/products", own)).json).toEqual([]);
    expect((await call(currentWorkspace, "/api/workspaces/current", own)).json).toEqual({
      id: member.workspaceId,
      role: "owner",
    });
    // the account's own routes (switching, the workspace list) answer whatever the page shows
    expect((await call(myWorkspaces, "/api/workspaces", page)).status).toBe(200);
    // a token acts in its own workspace and sends no such header: the header is ignored there
    const ownToken = await tokenIn(member.workspaceId, member.userId);
    expect(
      (await call(listProducts, "/api/products", { token: ownToken, headers: { "x-workspace-id": ws } })).status,
    ).toBe(200);
    expect((await call(getProduct, "/x", { token, params: { id: product.id } })).status).toBe(401);
  });
});

describe("tenancy: another workspace's ids", () => {
  it("are a 404 on every route naming an object, even for a member of that workspace acting in another one", async () => {
    const { ws, paramsFor } = await furnishedWorkspace();
    // an owner elsewhere, and a Lecteur of the furnished workspace, but acting in their own workspace
    const stranger = await signUp();
    await addMember(ws, stranger.userId, "reader");
    const token = await tokenIn(stranger.workspaceId, stranger.userId);
    await setPlan(stranger.workspaceId, "professionnel");

    const before = await contents(ws);
    const named = (await routes()).filter(
      (r) =>
        r.path.includes("[") &&
        !r.path.startsWith("/api/auth/") &&
        // Stripe objects: found (or not) at Stripe by the caller's customer, see stripe.test.ts
        !(r.path.startsWith("/api/payments/") && !r.path.startsWith("/api/payments/invoices/")),
    );
    expect(named.length).toBeGreaterThan(25);
    const answers: string[] = [];
    for (const route of named) {
      const key = `${route.method} ${route.path}`;
      const res = await call(route.handler, route.path, {
        method: route.method,
        token,
        body: route.method === "GET" ? undefined : (VALID_BODIES[key] ?? {}),
        params: paramsFor(route.path),
      });
      answers.push(`${key} ${res.status}`);
    }
    expect(answers).toEqual(named.map((r) => `${r.method} ${r.path} 404`));
    expect(await contents(ws)).toBe(before);
  });

  it("a new registration gets a workspace of its own, never its user id, and is its owner", async () => {
    const who = await signUp();
    expect(who.workspaceId).not.toBe(who.userId);
    const listed = await call(myWorkspaces, "/api/workspaces", { token: who.token });
    expect(listed.json).toEqual({
      current: who.workspaceId,
      workspaces: [{ id: who.workspaceId, name: "Camille Durand", role: "owner" }],
    });
    const mine = await call(switchTo, "/api/workspaces/current", {
      token: who.token,
      body: { workspaceId: randomUUID() },
    });
    expect(mine.status).toBe(404);
    const malformed = await call(switchTo, "/api/workspaces/current", { token: who.token, body: { workspaceId: "x" } });
    expect(malformed.status).toBe(404);
  });

  it("a user creates another workspace, opens it in the browser session, and works there on its own plan", async () => {
    const who = await signUp();
    const cookie = await browserSession(who);
    const browser = { headers: { cookie, origin: "http://localhost:3000" } };
    await call(createProduct, "/api/products", { ...browser, body: { name: "Perso" } });
    const made = await call(createWorkspace, "/api/workspaces", { ...browser, body: { name: "  Équipe pricing  " } });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ name: "Équipe pricing", role: "owner", message: "Espace de travail créé" });
    expect((await call(createWorkspace, "/api/workspaces", { ...browser, body: { name: " " } })).json.detail).toBe(
      "Le nom de l'espace est obligatoire",
    );
    await call(switchTo, "/api/workspaces/current", { ...browser, body: { workspaceId: made.json.id } });
    expect((await call(listProducts, "/api/products", browser)).json).toEqual([]);
    await call(createProduct, "/api/products", { ...browser, body: { name: "Équipe" } });
    const db = await getDb();
    const rows = await db.select().from(products).where(eq(products.workspaceId, made.json.id));
    expect(rows.map((p) => p.name)).toEqual(["Équipe"]);
    // a new sign-in opens the workspace chosen last
    const again = await call(myWorkspaces, "/api/workspaces", { headers: { cookie: await browserSession(who) } });
    expect(again.json.current).toBe(made.json.id);
  });
});
