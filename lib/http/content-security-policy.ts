/**
 * The Content-Security-Policy of a page: scripts only with the request's nonce (and what they load,
 * 'strict-dynamic': Stripe.js), Stripe's frames and API for the card form, no framing of our pages.
 */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean; https: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://js.stripe.com${options.dev ? " 'unsafe-eval'" : ""}`,
    // React and Next set inline style attributes
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self' https://api.stripe.com https://m.stripe.network${options.dev ? " ws: wss:" : ""}`,
    "frame-src 'self' https://js.stripe.com https://hooks.stripe.com https://m.stripe.network",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
