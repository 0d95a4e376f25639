// The public face of lib/workspaces (a team's shared space, its roles and owners): other code imports from here
// (DESIGN §10).
export { createWorkspace } from "./create-workspace";
export { defaultWorkspace } from "./default-workspace";
export { deleteWorkspace } from "./delete-workspace";
export { listWorkspaces, type TWorkspaceItem } from "./list-workspaces";
export { lowerRole, ROLE_FORBIDDEN, roleAtLeast, type TWorkspaceRole } from "./roles";
export { switchWorkspace } from "./switch-workspace";
export { isFirstOwnerMember, isWorkspaceOwner } from "./workspace-owner";
