import { z } from "zod";
import type { TWorkspaceRole } from "@/db/schema/workspaces";

// the roles of db/schema/workspaces.ts, repeated: the tokens card bundles this file for the browser, and the
// schema module there (users <-> workspaces import cycle) fails with "Cannot access … before initialization"
const TOKEN_ROLES = ["reader", "editor", "owner"] as const satisfies readonly TWorkspaceRole[];

export const API_TOKEN_MSG = {
  nameRequired: "Le nom du jeton est obligatoire",
  nameTooLong: "Le nom du jeton ne doit pas dépasser 100 caractères",
  noAutomation:
    "Les jetons d'API sont réservés aux abonnements avec automatisation. Passez à un abonnement supérieur pour en créer.",
  tokenNotAllowed: "Un jeton d'API ne peut pas gérer les jetons d'API : connectez-vous à votre compte.",
  tooMany: "Vous avez atteint la limite de 20 jetons d'API actifs. Révoquez-en un pour en créer un autre.",
  notFound: "Jeton introuvable",
  created: "Jeton créé : copiez-le maintenant, il ne sera plus affiché.",
  revoked: "Jeton révoqué",
  role: "Le rôle du jeton doit être owner, editor ou reader",
} as const;

export const MAX_ACTIVE_API_TOKENS = 20;

export const ZCreateApiToken = z.object({
  name: z
    .string({ error: API_TOKEN_MSG.nameRequired })
    .trim()
    .min(1, API_TOKEN_MSG.nameRequired)
    .max(100, API_TOKEN_MSG.nameTooLong),
  /** the most the token may do in the workspace; never more than its creator's role (default: that role) */
  role: z.enum(TOKEN_ROLES, { error: API_TOKEN_MSG.role }).optional(),
});
export type TCreateApiToken = z.input<typeof ZCreateApiToken>;
