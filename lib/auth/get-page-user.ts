import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { cache } from "react";
import { resolveUser, type TAuthUser } from "./resolve-user";

/**
 * The signed-in user of the page being rendered (same checks as the API: a revoked session is nobody); one
 * lookup per render, shared by the layout's navbar and the page. Only the browser's session cookie counts: a
 * Bearer token (integration or login token) never opens a page, which is rendered as for a visitor.
 */
export const getPageUser = cache(async (): Promise<TAuthUser | null> => {
  const cookieOnly = new Headers(await headers());
  cookieOnly.delete("authorization");
  return resolveUser(new NextRequest("http://localhost/", { headers: cookieOnly })).catch(() => null);
});
