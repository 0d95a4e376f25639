"use client";

import { useState } from "react";
import { apiFetch, setShownWorkspace } from "@/client/api-client";
import type { CurrentUser } from "@/client/use-current-user";

const ROLE_LABEL = { owner: "Propriétaire", editor: "Éditeur", reader: "Lecteur" } as const;

/**
 * The open workspace, for a user who belongs to several (a single workspace shows nothing): choosing another
 * opens it in this session and reloads the page, so nothing read in the previous one stays on screen.
 */
export function WorkspaceSwitcher({ user }: { user: CurrentUser }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (user.workspaces.length < 2) return null;

  async function open(workspaceId: string) {
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/workspaces/current", { method: "POST", body: { workspaceId } });
      // this tab moved on purpose: what still answers for the previous workspace is no news to tell
      setShownWorkspace(null);
      window.location.reload();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Changement d'espace impossible");
      setBusy(false);
    }
  }

  return (
    <label className="flex min-w-0 items-center gap-2 text-sm text-zinc-600">
      <span className="sr-only">Espace de travail</span>
      <select
        className="w-full min-w-0 max-w-28 truncate rounded-md sm:max-w-48 md:max-w-28 xl:max-w-48 border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900"
        value={user.workspaceId}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        title={error ?? undefined}
        onChange={(e) => void open(e.target.value)}
      >
        {user.workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name} · {ROLE_LABEL[w.role]}
          </option>
        ))}
      </select>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </label>
  );
}
