import { z } from "zod";
import { MSG } from "@/lib/auth/messages";
import type { TWorkspaceRole } from "@/db/schema/workspaces";

// Shared by the Équipe page's forms and the route handlers.
// the roles of db/schema/workspaces.ts, repeated: this file is also bundled for the browser, which never loads the schema
const ROLES = ["reader", "editor", "owner"] as const satisfies readonly TWorkspaceRole[];
const role = z.enum(ROLES, { error: "Rôle invalide : propriétaire, éditeur ou lecteur" });

export const ZInvite = z.object({
  email: z
    .string({ error: MSG.emailRequired })
    .trim()
    .min(1, MSG.emailRequired)
    .max(254, MSG.invalidEmail)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.invalidEmail)
    .transform((v) => v.toLowerCase()),
  role,
});
export type TInvite = z.input<typeof ZInvite>;

export const ZChangeRole = z.object({ role });

/** The link's secret, as sent in a body (never in a URL the server logs). */
export const ZInvitationToken = z.object({
  token: z
    .string({ error: "Lien d'invitation invalide" })
    .min(1, "Lien d'invitation invalide")
    .max(200, "Lien d'invitation invalide"),
});

/** Accepting without an account: the address is the invitation's, never typed. */
export const ZInvitationRegister = ZInvitationToken.extend({
  first_name: z.string({ error: MSG.allRequired }).trim().min(1, MSG.allRequired).max(100, "100 caractères maximum"),
  last_name: z.string({ error: MSG.allRequired }).trim().min(1, MSG.allRequired).max(100, "100 caractères maximum"),
  password: z.string({ error: MSG.allRequired }).min(1, MSG.allRequired).min(8, MSG.password8).max(256),
});
export type TInvitationRegister = z.input<typeof ZInvitationRegister>;

export const ZAuditQuery = z.object({
  page: z.coerce
    .number({ error: "Page invalide" })
    .int("Page invalide")
    .min(1, "Page invalide")
    .max(100_000, "Page invalide")
    .default(1),
});

export const ROLE_LABELS: Record<TWorkspaceRole, string> = {
  owner: "Propriétaire",
  editor: "Éditeur",
  reader: "Lecteur",
};
