import { render } from "@react-email/render";
import { createElement } from "react";
import { EMAIL_TEXT_OPTIONS } from "@/lib/email";
import { generateToken, hashToken } from "@/lib/auth";
import { sendEmail, WorkspaceInvitation } from "@/lib/email";
import { env } from "@/lib/env";
import type { TWorkspaceRole } from "@/lib/workspaces";
import { ROLE_LABELS } from "./schemas";

export const INVITATION_TTL_MS = 7 * 86_400_000;

/** A fresh secret for an invitation link: the token to mail and the hash to store. */
export function newInvitationSecret() {
  const token = generateToken("inv");
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITATION_TTL_MS) };
}

/** Mails the link (a fragment: the secret never reaches a server log) through the mail provider. */
export async function sendInvitation(input: {
  to: string;
  /** the account already registered at `to`, if any (its development outbox lists the mail) */
  userId: string | null;
  token: string;
  role: TWorkspaceRole;
  inviterName: string;
  workspaceName: string;
}) {
  const link = `${env.appUrl}/invitation#token=${encodeURIComponent(input.token)}`;
  const element = createElement(WorkspaceInvitation, {
    inviterName: input.inviterName,
    workspaceName: input.workspaceName,
    roleLabel: ROLE_LABELS[input.role],
    link,
  });
  const [html, text] = await Promise.all([render(element), render(element, EMAIL_TEXT_OPTIONS)]);
  await sendEmail({
    to: input.to,
    userId: input.userId,
    kind: "workspace_invitation",
    subject: `${input.inviterName} vous invite sur VeillePrix`,
    html,
    text,
  });
}
