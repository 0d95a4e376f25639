"use client";

import { useEffect, useState } from "react";
import { WORKSPACE_CHANGED_KEY } from "@/client/api-client";
import { useCurrentUser } from "@/client/use-current-user";
import { Alert } from "@/components/ui/alert";
import { WORKSPACE_MSG } from "@/lib/workspaces/schemas";

/**
 * After a page reloaded because its session had moved to another workspace (client/api-client.ts), says which one
 * it showed and why: the member was removed from it, or another tab opened another workspace.
 */
export function WorkspaceChangedNotice() {
  const { user } = useCurrentUser();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let left: { id?: unknown; name?: unknown } | null = null;
    try {
      left = JSON.parse(window.sessionStorage.getItem(WORKSPACE_CHANGED_KEY) ?? "null");
      window.sessionStorage.removeItem(WORKSPACE_CHANGED_KEY);
    } catch {
      return;
    }
    if (!user || !left || typeof left.id !== "string" || left.id === user.workspaceId) return;
    const name = typeof left.name === "string" && left.name ? left.name : "précédent";
    const now = user.workspaces.find((w) => w.id === user.workspaceId)?.name ?? "";
    setText(
      user.workspaces.some((w) => w.id === left.id)
        ? WORKSPACE_MSG.switchedElsewhere(now)
        : `${WORKSPACE_MSG.left(name)} ${WORKSPACE_MSG.nowIn(now)}`,
    );
  }, [user]);
  if (!text) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
      <Alert tone="warning" onDismiss={() => setText(null)}>
        {text}
      </Alert>
    </div>
  );
}
