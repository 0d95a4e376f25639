import { useContext } from "react";
import { CurrentUserContext } from "@/components/providers";

export type TWorkspaceRole = "owner" | "editor" | "reader";

export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  /** false until the owner follows the verification link (a banner asks for it) */
  emailVerified: boolean;
  /** the workspace open in this session and the user's role there (the server refuses writes beyond it) */
  workspaceId: string;
  role: TWorkspaceRole;
  /** every workspace the user belongs to: the navbar offers a switch only when there are several */
  workspaces: { id: string; name: string; role: TWorkspaceRole }[];
};

/**
 * What the signed-in user may do in the open workspace: a Lecteur (reader) sees no write button or form, only
 * an owner sees billing. A visitor "can edit" (the buttons lead to the sign-in, as before).
 */
export function useWorkspaceRole() {
  const user = useContext(CurrentUserContext);
  return { canEdit: user?.role !== "reader", isOwner: !user || user.role === "owner" };
}

/** The signed-in user of the page, as the server resolved it for this render (a revoked session is nobody). */
export function useCurrentUser() {
  const user = useContext(CurrentUserContext);
  return { user, status: user ? ("authenticated" as const) : ("unauthenticated" as const) };
}
