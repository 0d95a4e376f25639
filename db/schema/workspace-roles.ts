// Its own module, importing nothing: users.ts and workspaces.ts import each other, and a constant read while their
// cycle is being evaluated must not be one of theirs (whichever of the two a bundle loads first).

/** Lowest first: a role grants everything the roles before it grant. */
export const WORKSPACE_ROLES = ["reader", "editor", "owner"] as const;
export type TWorkspaceRole = (typeof WORKSPACE_ROLES)[number];
