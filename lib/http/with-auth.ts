import type { NextRequest } from "next/server";
import { z, ZodError, type ZodType } from "zod";
import { resolveUser, type TAuthUser } from "@/lib/auth";
import { roleAtLeast, type TWorkspaceRole } from "@/lib/workspaces";
import { AppError } from "@/lib/errors/app-error";
import { withAuditContext } from "@/lib/audit";
import { assertJsonDepth } from "./assert-json-depth";
import { clientIp } from "./client-ip";
import { assertSameOrigin } from "./assert-same-origin";
import { databaseErrorStatus } from "./database-error-status";
import { errorResponse, json } from "./json";
import { MAX_JSON_BYTES, readLimitedBody } from "@/lib/core/read-limited-body";
import { withRequestMemo } from "@/lib/core/request-memo";

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type HandlerArgs<B, Q, U> = {
  req: NextRequest;
  user: U;
  body: B;
  query: Q;
  params: Record<string, string>;
};

type Options<B, Q> = {
  body?: ZodType<B>;
  query?: ZodType<Q>;
  /** Path params; a malformed one answers 404 with the schema's message, like another user's object. */
  params?: ZodType<Record<string, string>>;
  /** The least role in the current workspace (default: reader for GET/HEAD, editor otherwise). */
  role?: TWorkspaceRole;
  /** 'account': the user's own account (profile, password, sessions, workspace switch), no workspace role. */
  scope?: "account";
};

/** Refuses a signed-in user whose role in the current workspace is below what the route needs. */
function assertRole(req: NextRequest, options: Options<unknown, unknown>, user: TAuthUser) {
  if (options.scope === "account") return;
  const needed = options.role ?? (req.method === "GET" || req.method === "HEAD" ? "reader" : "editor");
  if (!roleAtLeast(user.role, needed)) throw new AppError("forbidden_role");
}

/**
 * A browser page sends the workspace it shows (X-Workspace-Id): when the session now acts in another one (its
 * member removed, or another tab switched), nothing is read or written there for a page that shows the first.
 */
function assertShownWorkspace(req: NextRequest, options: Options<unknown, unknown>, user: TAuthUser) {
  if (options.scope === "account" || user.via !== "session") return;
  const shown = req.headers.get("x-workspace-id");
  if (shown !== null && shown !== user.workspaceId) throw new AppError("workspace_changed");
}

/** First zod issue as a French message (schemas carry their own French messages, not for the body's own type). */
export function zodDetail(error: ZodError): string {
  const issue = error.issues[0];
  if (issue?.code === "invalid_type" && issue.path.length === 0)
    return "Corps de requête invalide : un objet JSON est attendu";
  return issue?.message ?? "Données invalides";
}

async function readJson(req: NextRequest): Promise<unknown> {
  const text = new TextDecoder().decode(await readLimitedBody(req, MAX_JSON_BYTES));
  if (text.trim() === "") return {};
  assertJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json");
  }
}

const presentsCredentials = (req: NextRequest) =>
  req.headers.has("authorization") || req.cookies.getAll().some((c) => c.name.includes("next-auth.session-token"));

function parseParams(schema: Options<unknown, unknown>["params"], raw: Record<string, string>) {
  if (!schema) return refuseNul(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError("not_found", { detail: parsed.error.issues[0]?.message });
  return parsed.data;
}

/** PostgreSQL text cannot hold U+0000: refused in any string of the input, at any depth (walked without recursion). */
function refuseNul<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === "string" && v.includes("\u0000")) {
      throw new AppError("invalid_characters");
    }
    if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) pending.push(k, x);
    }
  }
  return value;
}

function mapError(error: unknown) {
  if (error instanceof AppError) return errorResponse(error);
  if (error instanceof ZodError) {
    return errorResponse(
      new AppError("validation_error", {
        detail: zodDetail(error),
        extra: { errors: z.flattenError(error).fieldErrors },
      }),
    );
  }
  const dbStatus = databaseErrorStatus(error);
  if (dbStatus === 503) {
    console.error("[api] base de données injoignable", error);
    return errorResponse(new AppError("service_unavailable", { extra: { retryAfterSeconds: 5 } }));
  }
  if (dbStatus === 422) return errorResponse(new AppError("invalid_input"));
  console.error("[api] erreur inattendue", error);
  return errorResponse(new AppError("internal_error"));
}

function wrap<B, Q, U>(
  mode: "required" | "optional",
  options: Options<B, Q>,
  handler: (args: HandlerArgs<B, Q, U>) => Promise<unknown>,
) {
  const run = async (req: NextRequest, ctx?: RouteContext): Promise<Response> => {
    try {
      assertSameOrigin(req);
      let user = await resolveUser(req);
      // a connection dropped mid-query can read as "no such user": check once more before a 401 (which logs out)
      if (!user && mode === "required" && presentsCredentials(req)) user = await resolveUser(req);
      if (mode === "required" && !user) throw new AppError("unauthenticated");
      if (user) assertShownWorkspace(req, options as Options<unknown, unknown>, user);
      if (mode === "required") assertRole(req, options as Options<unknown, unknown>, user as TAuthUser);
      const rawParams = ctx?.params ? await ctx.params : {};
      const joined = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
      );
      const params = parseParams(options.params, joined);
      const body = options.body ? options.body.parse(refuseNul(await readJson(req))) : (undefined as B);
      const query = options.query
        ? options.query.parse(refuseNul(Object.fromEntries(req.nextUrl.searchParams.entries())))
        : (undefined as Q);
      const actor = { actorId: user?.id ?? null, ip: clientIp(req.headers), userAgent: req.headers.get("user-agent") };
      const result = await withAuditContext(actor, () => handler({ req, user: user as U, body, query, params }));
      if (result instanceof Response) return result;
      return json(result ?? { ok: true });
    } catch (error) {
      return mapError(error);
    }
  };
  // a read looks each fact (the user's plan) up once; a write reads afresh what it may have changed
  return (req: NextRequest, ctx?: RouteContext): Promise<Response> =>
    req.method === "GET" || req.method === "HEAD" ? withRequestMemo(() => run(req, ctx)) : run(req, ctx);
}

/**
 * Wraps a route handler: resolves the signed-in user (session cookie or Bearer token) with the current workspace
 * and role, refuses a role below the route's, parses input, maps errors.
 */
export function withAuth<B = undefined, Q = undefined>(
  options: Options<B, Q>,
  handler: (args: HandlerArgs<B, Q, TAuthUser>) => Promise<unknown>,
) {
  return wrap<B, Q, TAuthUser>("required", options, handler);
}

/** Same wrapper for routes open to visitors; `user` is null when nobody is signed in. */
export function withPublic<B = undefined, Q = undefined>(
  options: Options<B, Q>,
  handler: (args: HandlerArgs<B, Q, TAuthUser | null>) => Promise<unknown>,
) {
  return wrap<B, Q, TAuthUser | null>("optional", options, handler);
}
