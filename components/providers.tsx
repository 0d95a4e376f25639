"use client";

import { createContext, type ReactNode } from "react";
import type { CurrentUser } from "@/client/use-current-user";

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/**
 * The signed-in user, read on the server by the root layout (no next-auth client, no session fetch): a sign-in
 * or a profile change refreshes the router, a sign-out reloads the page.
 */
export function Providers({ children, user }: { children: ReactNode; user: CurrentUser | null }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}
