import { escapeHtml } from "../escape-html";

const BUTTON_STYLE =
  "display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none";

export function renderResetPasswordEmail({ firstName, link }: { firstName: string; link: string }) {
  const name = firstName.trim() || "Bonjour";
  const subject = "Réinitialisation de votre mot de passe VeillePrix";
  const text = [
    `${name},`,
    "",
    "Vous avez demandé à réinitialiser votre mot de passe VeillePrix.",
    "Ce lien est valable une heure et ne peut servir qu'une fois :",
    link,
    "",
    "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet email.",
  ].join("\n");
  const html = `<!doctype html><html lang="fr"><body style="font-family:system-ui,sans-serif;color:#111827">
<p>${escapeHtml(name)},</p>
<p>Vous avez demandé à réinitialiser votre mot de passe VeillePrix.</p>
<p><a href="${escapeHtml(link)}" style="${BUTTON_STYLE}">Choisir un nouveau mot de passe</a></p>
<p>Ce lien est valable une heure et ne peut servir qu'une fois.</p>
<p style="color:#6b7280">Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet email.</p>
</body></html>`;
  return { subject, html, text };
}
