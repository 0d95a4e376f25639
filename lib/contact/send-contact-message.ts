import { getCompany } from "@/lib/company";
import { sendEmail } from "@/lib/email";
import { rateLimit } from "@/lib/core/rate-limit";
import { renderContactEmail } from "./render-contact-email";
import { CONTACT_MSG, ZContact, type TContact } from "./schemas";

export const CONTACT_RATE = { perIp: 5, perEmail: 3, windowMs: 15 * 60_000 } as const;

/** Delivers a contact form message to the company address; rate limited per IP and per sender e-mail. */
export async function sendContactMessage(input: TContact, ip: string | null) {
  const msg = ZContact.parse(input);
  if (ip) await rateLimit(`contact:ip:${ip}`, CONTACT_RATE.perIp, CONTACT_RATE.windowMs);
  await rateLimit(`contact:email:${msg.email}`, CONTACT_RATE.perEmail, CONTACT_RATE.windowMs);
  // a filled honeypot gets the same answer, so bots learn nothing
  if (msg.website.trim() !== "") return { message: CONTACT_MSG.sent };
  const mail = renderContactEmail(msg, new Date());
  await sendEmail({ to: getCompany().email, kind: "contact", headers: { "Reply-To": msg.email }, ...mail });
  return { message: CONTACT_MSG.sent };
}
