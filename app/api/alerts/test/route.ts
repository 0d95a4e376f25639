// POST /api/alerts/test – send a test alert e-mail for a product's rule
import { ZSendTestAlert } from "@/lib/alerts/schemas";
import { sendTestAlert } from "@/lib/alerts";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ body: ZSendTestAlert }, async ({ user, body }) => sendTestAlert(user, body));
