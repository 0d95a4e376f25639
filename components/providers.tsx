"use client";

import { usePathname } from "next/navigation";
import { createContext, type ReactNode, useEffect, useRef } from "react";
import { pageFetch, setShownWorkspace } from "@/client/api-client";
import type { CurrentUser } from "@/client/use-current-user";

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/**
 * The signed-in user, read on the server by the root layout (no next-auth client, no session fetch): a sign-in
 * or a profile change refreshes the router, a sign-out reloads the page.
 */
export function Providers({ children, user }: { children: ReactNode; user: CurrentUser | null }) {
  // every request of the page says which workspace it shows (set before any child fetches)
  const shown = user
    ? { id: user.workspaceId, name: user.workspaces.find((w) => w.id === user.workspaceId)?.name }
    : null;
  setShownWorkspace(shown ? { id: shown.id, name: shown.name ?? "" } : null);
  // a navigation renders its page on the server in the session's workspace, under this layout rendered at the first
  // load: one look after each tells whether the session has moved since (the page then reloads, saying why)
  const pathname = usePathname();
  const firstPath = useRef(pathname);
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn || pathname === firstPath.current) return;
    firstPath.current = "";
    void pageFetch("/api/workspaces/current", { credentials: "same-origin" }).catch(() => undefined);
  }, [pathname, signedIn]);
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}
