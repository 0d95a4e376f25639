import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { PAGE_PATH_HEADER, safeRedirect } from "@/lib/safe-redirect";

/**
 * Sends a visitor of a page that needs an account to the login form, which brings them back to the full target
 * they asked for, query string included (SPEC §2); `fallback` when the proxy did not run.
 */
export async function redirectToLogin(fallback: string): Promise<never> {
  const target = safeRedirect((await headers()).get(PAGE_PATH_HEADER), fallback);
  redirect(`/login?redirect=${encodeURIComponent(target)}`);
}
