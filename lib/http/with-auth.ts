import type { NextRequest } from "next/server";
import { z, ZodError, type ZodType } from "zod";
import { resolveUser, type TAuthUser } from "@/lib/auth/resolve-user";
import { ApiError, badRequest, unauthorized, unprocessable } from "./api-error";
import { errorResponse, json } from "./json";

const MAX_JSON_BYTES = 1_000_000;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type HandlerArgs<B, Q, U> = {
  req: NextRequest;
  user: U;
  body: B;
  query: Q;
  params: Record<string, string>;
};

type Options<B, Q> = { body?: ZodType<B>; query?: ZodType<Q> };

/** First zod issue as a French message (schemas carry their own French messages). */
export function zodDetail(error: ZodError): string {
  return error.issues[0]?.message ?? "Données invalides";
}

async function readJson(req: NextRequest): Promise<unknown> {
  const text = await req.text();
  if (text.length > MAX_JSON_BYTES) throw badRequest("Requête trop volumineuse", "payload_too_large");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Corps de requête JSON invalide", "invalid_json");
  }
}

function mapError(error: unknown) {
  if (error instanceof ApiError) return errorResponse(error);
  if (error instanceof ZodError) {
    return errorResponse(unprocessable(zodDetail(error), "validation_error", { errors: z.flattenError(error).fieldErrors }));
  }
  console.error("[api] erreur inattendue", error);
  return errorResponse(new ApiError(500, "internal_error", "Une erreur inattendue est survenue"));
}

function wrap<B, Q, U>(
  mode: "required" | "optional",
  options: Options<B, Q>,
  handler: (args: HandlerArgs<B, Q, U>) => Promise<unknown>,
) {
  return async (req: NextRequest, ctx?: RouteContext): Promise<Response> => {
    try {
      const user = await resolveUser(req);
      if (mode === "required" && !user) throw unauthorized();
      const rawParams = ctx?.params ? await ctx.params : {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
      );
      const body = options.body ? options.body.parse(await readJson(req)) : (undefined as B);
      const query = options.query
        ? options.query.parse(Object.fromEntries(req.nextUrl.searchParams.entries()))
        : (undefined as Q);
      const result = await handler({ req, user: user as U, body, query, params });
      if (result instanceof Response) return result;
      return json(result ?? { ok: true });
    } catch (error) {
      return mapError(error);
    }
  };
}

/** Wraps a route handler: resolves the signed-in user (session cookie or Bearer token), parses input, maps errors. */
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
