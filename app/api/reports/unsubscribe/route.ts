// POST /api/reports/unsubscribe?token= – stop the scheduled report (RFC 8058 one-click, or the confirmation page)
import { ZUnsubscribeQuery } from "@/lib/alerts/schemas";
import { clientIp } from "@/lib/http/client-ip";
import { rateLimit } from "@/lib/core/rate-limit";
import { withPublic } from "@/lib/http/with-auth";
import { unsubscribeReports } from "@/lib/reports/unsubscribe-reports";

export const POST = withPublic({ query: ZUnsubscribeQuery }, async ({ req, query }) => {
  const ip = clientIp(req.headers);
  if (ip) await rateLimit(`unsubscribe:${ip}`, 60, 60_000);
  return unsubscribeReports(query.token);
});
