import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { cache } from "react";
import { resolveUser, type TAuthUser } from "./resolve-user";

/**
 * The signed-in user of the page being rendered (same checks as the API: a revoked session is nobody); one
 * lookup per render, shared by the layout's navbar and the page.
 */
export const getPageUser = cache(async (): Promise<TAuthUser | null> => {
  return resolveUser(new NextRequest("http://localhost/", { headers: await headers() })).catch(() => null);
});
