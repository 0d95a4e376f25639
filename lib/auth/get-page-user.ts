import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { resolveUser, type TAuthUser } from "./resolve-user";

/** The signed-in user of the page being rendered (same checks as the API: a revoked session is nobody). */
export async function getPageUser(): Promise<TAuthUser | null> {
  return resolveUser(new NextRequest("http://localhost/", { headers: await headers() })).catch(() => null);
}
