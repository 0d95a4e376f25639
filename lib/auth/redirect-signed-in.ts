import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { redirect } from "next/navigation";
import { resolveUser } from "./resolve-user";

/**
 * Guest-only pages (login, registration) send a signed-in user to the dashboard. Done in the page rather
 * than in proxy.ts so that router prefetches get a proper RSC redirect, and only for a session that
 * still resolves to a user (a stale cookie keeps the login form reachable).
 */
export async function redirectSignedIn(): Promise<void> {
  const user = await resolveUser(new NextRequest("http://localhost/", { headers: await headers() })).catch(() => null);
  if (user) redirect("/dashboard");
}
