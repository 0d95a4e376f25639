import { env } from "@/lib/env";
import { productPath } from "@/lib/products";
import { signUnsubscribeToken, type TUnsubscribeScope } from "@/lib/alerts/unsubscribe/sign-unsubscribe-token";

/** Absolute links put in alert e-mails. */
export const alertLinks = {
  product: (productId: string) => `${env.appUrl}${productPath(productId)}`,
  preferences: () => `${env.appUrl}/dashboard#alertes`,
  /** the page that asks for confirmation (safe against link scanners that follow every GET) */
  unsubscribePage: (scope: TUnsubscribeScope) =>
    `${env.appUrl}/alerts/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(scope))}`,
  /** RFC 8058 one-click target, POSTed by the mail client */
  unsubscribeOneClick: (scope: TUnsubscribeScope) =>
    `${env.appUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(scope))}`,
};

/** The List-Unsubscribe headers (RFC 2369 + RFC 8058 one-click). */
export function unsubscribeHeaders(scope: TUnsubscribeScope): Record<string, string> {
  return {
    "List-Unsubscribe": `<${alertLinks.unsubscribeOneClick(scope)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
