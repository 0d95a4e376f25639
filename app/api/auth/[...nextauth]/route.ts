// next-auth 4: browser sessions (Credentials provider, JWT strategy); POST bodies limited (size, JSON depth) like every JSON route
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/http/auth-options";
import { rebaseAuthRedirect } from "@/lib/auth/rebase-auth-redirect";
import { AppError } from "@/lib/errors/app-error";
import { assertJsonDepth } from "@/lib/http/assert-json-depth";
import { errorResponse } from "@/lib/http/json";
import { MAX_JSON_BYTES, readLimitedBody } from "@/lib/core/read-limited-body";

type Context = { params: Promise<{ nextauth: string[] }> };

const nextAuth = NextAuth(authOptions) as (req: NextRequest, ctx: Context) => Promise<Response>;

async function GET(req: NextRequest, ctx: Context) {
  return rebaseAuthRedirect(await nextAuth(req, ctx), req);
}

async function POST(req: NextRequest, ctx: Context) {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readLimitedBody(req, MAX_JSON_BYTES);
    // next-auth parses a JSON body itself
    if (/json/i.test(req.headers.get("content-type") ?? "")) assertJsonDepth(new TextDecoder().decode(body));
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
  const limited = new NextRequest(req.url, { method: "POST", headers: req.headers, body });
  return rebaseAuthRedirect(await nextAuth(limited, ctx), req);
}

export { GET, POST };
