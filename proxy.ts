import { type NextRequest, NextResponse } from "next/server";
import { getToken } from "next-auth/jwt";
import { getAuthSecret } from "@/lib/secrets/get-auth-secret";
import { env } from "@/lib/env";
import { contentSecurityPolicy } from "@/lib/http/content-security-policy";
import { PAGE_PATH_HEADER } from "@/lib/safe-redirect";
import { productPath } from "@/lib/products/product-path";

const PROTECTED = [
  "/dashboard",
  "/subscriptions",
  "/payment-success",
  "/market",
  "/team",
  "/access",
  "/feeds",
  "/data-health",
];

const matches = (pathname: string, prefixes: string[]) =>
  prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

// API answers are data, never a document to run or frame
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
const https = env.isProduction || env.appUrl.startsWith("https://");

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function secure(res: NextResponse, policy: string): NextResponse {
  res.headers.set("Content-Security-Policy", policy);
  if (https) res.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return res;
}

/** The page's path and query as the user typed it (without Next's internal `_rsc` cache key). */
function pagePath(req: NextRequest): string {
  const params = new URLSearchParams(req.nextUrl.search);
  params.delete("_rsc");
  const query = params.toString();
  return `${req.nextUrl.pathname}${query ? `?${query}` : ""}`;
}

/**
 * Every request but static files: security headers (a fresh script nonce per page, read by Next to mark its
 * own scripts and by the layout), and the route guard of protected pages.
 */
export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (!decodable(pathname)) {
    const res = NextResponse.json(
      { detail: "Adresse invalide (encodage % incorrect)", code: "bad_path" },
      { status: 400 },
    );
    return secure(res, API_POLICY);
  }
  if (pathname.startsWith("/api/")) return secure(NextResponse.next(), API_POLICY);
  // earlier alert e-mails link to /products?product=<id>: an HTTP redirect, so that even a client-side
  // navigation there (the login form's return) arrives as a visit of the page, never as the list's modal
  const legacyProduct = pathname === "/products" ? req.nextUrl.searchParams.get("product") : null;
  if (legacyProduct) {
    const url = req.nextUrl.clone();
    url.pathname = productPath(legacyProduct);
    url.search = "";
    return secure(NextResponse.redirect(url), API_POLICY);
  }
  if (matches(pathname, PROTECTED) && !(await getToken({ req, secret: getAuthSecret() }))) {
    const url = req.nextUrl.clone();
    url.pathname = "/login";
    url.search = `?redirect=${encodeURIComponent(pagePath(req))}`;
    return secure(NextResponse.redirect(url), API_POLICY);
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = contentSecurityPolicy(nonce, { dev: env.NODE_ENV === "development", https });
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set(PAGE_PATH_HEADER, pagePath(req));
  headers.set("Content-Security-Policy", policy);
  return secure(NextResponse.next({ request: { headers } }), policy);
}

// An API request with a body skips the proxy: Next copies the body of every request a proxy sees, and a client that
// hangs up mid-upload fails that copy in Next's own code, which logs it as a server error. The route reads its body
// itself (lib/core/read-limited-body.ts); next.config.ts gives these answers the API policy.
export const config = {
  matcher: [
    { source: "/((?!_next/static|_next/image|favicon.ico|api/).*)" },
    {
      source: "/api/:path*",
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
  ],
};
