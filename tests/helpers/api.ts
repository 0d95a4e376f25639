import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";

type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

type CallOptions = {
  method?: string;
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string>;
};

/** Calls a route handler the way Next.js does, with a real Request; returns status and parsed JSON. */
export async function call<T = any>(handler: RouteHandler, path: string, options: CallOptions = {}) {
  const url = new URL(path, "http://localhost:3000");
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const req = new NextRequest(url, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let json: T | undefined;
  try {
    json = text ? (JSON.parse(text) as T) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json: json as T, text, headers: res.headers };
}

export const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 8)}@exemple.fr`;

/** The token of the latest verification link mailed to `userId` (read in the outbox table, as its owner would). */
export async function verificationToken(userId: string): Promise<string> {
  const { and, desc, eq } = await import("drizzle-orm");
  const { getDb } = await import("@/db");
  const { emailOutbox } = await import("@/db/schema");
  const db = await getDb();
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, "email_verification")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`aucun lien de vérification pour ${userId}`);
  return decodeURIComponent(token);
}

/** The workspace a user registered with (the one they own; a fresh id, never their user id). */
export async function workspaceOf(userId: string): Promise<string> {
  const { getDb } = await import("@/db");
  const { workspaceMembers } = await import("@/db/schema");
  const db = await getDb();
  const [row] = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, "owner")))
    .orderBy(workspaceMembers.createdAt)
    .limit(1);
  if (!row) throw new Error(`aucun espace pour ${userId}`);
  return row.id;
}

/**
 * Registers a user, follows the verification link mailed to them (unless `verified: false`) and logs in;
 * returns the Bearer token, the account, the user's id and their workspace's.
 */
export async function signUp(
  overrides: Partial<{ email: string; password: string; first_name: string; last_name: string }> = {},
  options: { verified?: boolean } = {},
) {
  const { POST: register } = await import("@/app/api/auth/register/route");
  const { POST: login } = await import("@/app/api/auth/login/route");
  const account = {
    first_name: "Camille",
    last_name: "Durand",
    email: uniqueEmail(),
    password: "motdepasse-solide",
    ...overrides,
  };
  const reg = await call(register, "/api/auth/register", { body: { ...account, planId: null } });
  if (reg.status !== 201) throw new Error(`inscription impossible: ${reg.status} ${reg.text}`);
  if (options.verified !== false) {
    const { verifyEmail } = await import("@/lib/auth/verify-email");
    await verifyEmail(await verificationToken(reg.json.id as string));
  }
  const res = await call<{ access_token: string }>(login, "/api/auth/login", {
    body: { email: account.email, password: account.password },
  });
  if (res.status !== 200) throw new Error(`connexion impossible: ${res.status} ${res.text}`);
  const userId = reg.json.id as string;
  return { token: res.json.access_token, account, userId, workspaceId: await workspaceOf(userId) };
}
