// POST /api/data-health/fixes – a bulk fix on selected URLs: re-scrape, pause, resume, delete, or the shops' strategy
import { applyHealthFix } from "@/lib/health/apply-health-fix";
import { ZHealthFix } from "@/lib/health/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ body: ZHealthFix, role: "editor" }, async ({ user, body }) =>
  json(await applyHealthFix(user.workspaceId, user.role, body)),
);
