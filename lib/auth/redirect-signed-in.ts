import { redirect } from "next/navigation";
import { getPageUser } from "./get-page-user";

/**
 * Guest-only pages (login, registration) send a signed-in user to the dashboard. Done in the page rather
 * than in proxy.ts so that router prefetches get a proper RSC redirect, and only for a session that
 * still resolves to a user (a stale or signed-out cookie keeps the login form reachable).
 */
export async function redirectSignedIn(): Promise<void> {
  if (await getPageUser()) redirect("/dashboard");
}
