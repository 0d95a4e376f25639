import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

/** An absolute URL on our own origin (APP_URL) for a redirect after payment; anything else is a 422. */
export function ownUrl(raw: string | undefined, fallbackPath: string): string {
  const origin = new URL(env.appUrl).origin;
  if (!raw) return `${origin}${fallbackPath}`;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    throw new AppError("invalid_redirect_url");
  }
  if (url.origin !== origin || (raw.startsWith("//") && !raw.startsWith(origin))) {
    throw new AppError("invalid_redirect_url");
  }
  // Stripe substitutes the literal placeholder; URL parsing would have escaped its braces
  return url.toString().replace(/%7BCHECKOUT_SESSION_ID%7D/gi, "{CHECKOUT_SESSION_ID}");
}
