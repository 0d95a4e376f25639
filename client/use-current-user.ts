import { useContext } from "react";
import { CurrentUserContext } from "@/components/providers";

export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  /** false until the owner follows the verification link (a banner asks for it) */
  emailVerified: boolean;
};

/** The signed-in user of the page, as the server resolved it for this render (a revoked session is nobody). */
export function useCurrentUser() {
  const user = useContext(CurrentUserContext);
  return { user, status: user ? ("authenticated" as const) : ("unauthenticated" as const) };
}
