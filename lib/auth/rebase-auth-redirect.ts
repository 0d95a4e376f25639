import type { NextRequest } from "next/server";
import { env } from "@/lib/env";

// next-auth 4 builds every absolute URL on NEXTAUTH_URL, or on http://localhost:3000 when it is unset
const authOrigin = () => new URL(env.NEXTAUTH_URL ?? "http://localhost:3000").origin;

/** The origin the browser addressed: its Host (or the proxy's forwarded host), as assertSameOrigin reads it. */
function requestOrigin(req: NextRequest): string {
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  const proto = req.headers.get("x-forwarded-proto") ?? req.nextUrl.protocol.replace(":", "");
  return host ? `${proto}://${host}` : req.nextUrl.origin;
}

function rebase(url: string, from: string, to: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === from ? `${to}${parsed.pathname}${parsed.search}${parsed.hash}` : url;
  } catch {
    return url;
  }
}

/**
 * A next-auth answer whose redirect (Location header, or `{url}` of a `json=true` call such as signOut) points at
 * next-auth's own base moves to the address the user is on: another port, 127.0.0.1, a network address.
 */
export async function rebaseAuthRedirect(res: Response, req: NextRequest): Promise<Response> {
  const from = authOrigin();
  const to = requestOrigin(req);
  if (from === to) return res;
  const headers = new Headers(res.headers);
  const location = headers.get("location");
  if (location) headers.set("location", rebase(location, from, to));
  let body: BodyInit | null = res.body;
  if (headers.get("content-type")?.includes("application/json")) {
    const text = await res.text();
    body = text;
    try {
      const data = JSON.parse(text) as unknown;
      if (data && typeof data === "object" && "url" in data && typeof data.url === "string") {
        body = JSON.stringify({ ...data, url: rebase(data.url, from, to) });
        headers.delete("content-length");
      }
    } catch {}
  }
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}
