import { escapeHtml } from "@/lib/email";
import type { TContactParsed } from "./schemas";

/** The e-mail the company receives for a contact form message; every user value is escaped. */
const MESSAGE_STYLE =
  "margin-top:16px;padding:12px 16px;border-left:3px solid #4f46e5;background:#f9fafb;white-space:pre-wrap";

export function renderContactEmail(msg: TContactParsed, receivedAt: Date) {
  const who = msg.company ? `${msg.name} (${msg.company})` : msg.name;
  const subject = `Nouveau message de contact : ${who}`.slice(0, 200);
  const when = new Intl.DateTimeFormat("fr-FR", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Paris",
  }).format(receivedAt);
  const text = [
    `Nouveau message reçu depuis le formulaire de contact le ${when}.`,
    "",
    `Nom : ${msg.name}`,
    `Email : ${msg.email}`,
    `Entreprise : ${msg.company || "non renseignée"}`,
    "",
    msg.message,
  ].join("\n");
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${label}</td><td style="padding:4px 0">${value}</td></tr>`;
  const html = `<!doctype html><html lang="fr"><body style="font-family:system-ui,sans-serif;color:#111827">
<p>Nouveau message reçu depuis le formulaire de contact le ${escapeHtml(when)}.</p>
<table style="border-collapse:collapse;font-size:14px">
${row("Nom", escapeHtml(msg.name))}
${row("Email", `<a href="mailto:${escapeHtml(msg.email)}">${escapeHtml(msg.email)}</a>`)}
${row("Entreprise", escapeHtml(msg.company || "non renseignée"))}
</table>
<div style="${MESSAGE_STYLE}">${escapeHtml(msg.message)}</div>
</body></html>`;
  return { subject, html, text };
}
