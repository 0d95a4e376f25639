// POST /api/contact – send a contact form message to the company address
import { sendContactMessage } from "@/lib/contact/send-contact-message";
import { ZContact } from "@/lib/contact/schemas";
import { clientIp } from "@/lib/http/client-ip";
import { withPublic } from "@/lib/http/with-auth";

export const POST = withPublic({ body: ZContact }, async ({ req, body }) =>
  sendContactMessage(body, clientIp(req.headers)),
);
