import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function ownOrigins(req: NextRequest): Set<string> {
  const origins = new Set([new URL(env.appUrl).origin]);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  const proto = req.headers.get("x-forwarded-proto") ?? req.nextUrl.protocol.replace(":", "");
  if (host) origins.add(`${proto}://${host}`);
  return origins;
}

/**
 * A state-changing request that a browser sends with our session cookie must come from our own pages:
 * a cross-site `Sec-Fetch-Site` or a foreign `Origin` is refused (403). Bearer-token calls carry no ambient
 * credential and are not concerned.
 */
export function assertSameOrigin(req: NextRequest): void {
  if (SAFE_METHODS.has(req.method) || req.headers.has("authorization")) return;
  if (!req.cookies.getAll().some((c) => c.name.includes("next-auth.session-token"))) return;
  const site = req.headers.get("sec-fetch-site");
  const origin = req.headers.get("origin");
  const foreign =
    (site !== null && site !== "same-origin" && site !== "none") || (origin !== null && !ownOrigins(req).has(origin));
  if (foreign) {
    throw new AppError("cross_site_request");
  }
}
