import { type TWorkspaceRole, WORKSPACE_ROLES } from "@/db/schema/workspaces";

export type { TWorkspaceRole };

export const ROLE_FORBIDDEN = "Votre rôle dans cet espace ne permet pas cette action";

/** `role` grants at least what `needed` grants (owner > editor > reader). */
export function roleAtLeast(role: TWorkspaceRole, needed: TWorkspaceRole): boolean {
  return WORKSPACE_ROLES.indexOf(role) >= WORKSPACE_ROLES.indexOf(needed);
}

/** The lower of two roles: a token never acts above its creator's current role. */
export function lowerRole(a: TWorkspaceRole, b: TWorkspaceRole): TWorkspaceRole {
  return roleAtLeast(a, b) ? b : a;
}
