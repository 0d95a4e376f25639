import { z } from "zod";

export const WORKSPACE_MSG = {
  notFound: "Espace de travail introuvable",
  switched: "Espace de travail changé",
  idRequired: "L'espace de travail est obligatoire",
  nameRequired: "Le nom de l'espace est obligatoire",
  nameTooLong: "Le nom de l'espace ne doit pas dépasser 100 caractères",
  created: "Espace de travail créé",
} as const;

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
