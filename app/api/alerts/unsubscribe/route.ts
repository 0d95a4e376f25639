// GET /api/alerts/unsubscribe?token= – what a signed unsubscribe link names (no change);
// POST /api/alerts/unsubscribe?token= – unsubscribe (RFC 8058 one-click, body "List-Unsubscribe=One-Click")
import { readUnsubscribeToken } from "@/lib/alerts";
import { ZUnsubscribeQuery } from "@/lib/alerts/schemas";
import { unsubscribeAlerts } from "@/lib/alerts";
import { clientIp } from "@/lib/http/client-ip";
import { rateLimit } from "@/lib/core/rate-limit";
import { withPublic } from "@/lib/http/with-auth";

export const GET = withPublic({ query: ZUnsubscribeQuery }, async ({ req, query }) => {
  const ip = clientIp(req.headers);
  if (ip) await rateLimit(`unsubscribe:${ip}`, 60, 60_000);
  return readUnsubscribeToken(query.token);
});

export const POST = withPublic({ query: ZUnsubscribeQuery }, async ({ req, query }) => {
  const ip = clientIp(req.headers);
  if (ip) await rateLimit(`unsubscribe:${ip}`, 60, 60_000);
  return unsubscribeAlerts(query.token);
});
