import { z } from "zod";

export const WORKSPACE_MSG = {
  notFound: "Espace de travail introuvable",
  switched: "Espace de travail changé",
  idRequired: "L'espace de travail est obligatoire",
  nameRequired: "Le nom de l'espace est obligatoire",
  nameTooLong: "Le nom de l'espace ne doit pas dépasser 100 caractères",
  created: "Espace de travail créé",
  deleted: (name: string) => `L'espace « ${name} » est supprimé, avec tout ce qu'il contenait.`,
  nameMismatch: "Saisissez exactement le nom de l'espace pour confirmer sa suppression",
  changed: "L'espace de travail de cette page n'est plus celui de votre session : la page va se recharger.",
  left: (name: string) => `Vous ne faites plus partie de l'espace « ${name} ».`,
  switchedElsewhere: (name: string) => `L'espace « ${name} » a été ouvert depuis un autre onglet.`,
  nowIn: (name: string) => `Vous êtes maintenant dans l'espace « ${name} ».`,
  lastWorkspace: "Vous devez garder au moins un espace : créez-en un autre avant de supprimer celui-ci.",
  subscriptionActive:
    "Cet espace a un abonnement payant en cours : résiliez-le d'abord (page Abonnements), puis supprimez l'espace.",
} as const;

export const ZDeleteWorkspace = z.object({
  name: z.string({ error: WORKSPACE_MSG.nameMismatch }).max(200, WORKSPACE_MSG.nameMismatch),
});
export type TDeleteWorkspace = z.input<typeof ZDeleteWorkspace>;

export const ZSwitchWorkspace = z.object({
  workspaceId: z.string({ error: WORKSPACE_MSG.idRequired }).min(1, WORKSPACE_MSG.idRequired),
});
export type TSwitchWorkspace = z.input<typeof ZSwitchWorkspace>;

export const ZCreateWorkspace = z.object({
  name: z
    .string({ error: WORKSPACE_MSG.nameRequired })
    .trim()
    .min(1, WORKSPACE_MSG.nameRequired)
    .max(100, WORKSPACE_MSG.nameTooLong),
});
export type TCreateWorkspace = z.input<typeof ZCreateWorkspace>;
