"use client";

import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { useUrlEvidence } from "@/client/hooks/use-evidence";
import { useWorkspaceRole } from "@/client/use-current-user";
import { Button } from "@/components/ui/button";
import { EvidenceStatus } from "./evidence-status";

/**
 * 'Capturer une preuve' on a URL (editors) and the state of its latest capture: a screenshot and the HTML of the
 * page, timestamped and hashed, downloadable as a ZIP.
 */
export function UrlEvidence({ urlId, urlName }: { urlId: string; urlName: string }) {
  const { canEdit } = useWorkspaceRole();
  const captures = useUrlEvidence(urlId);
  const action = useAction();
  const latest = captures.data?.[0] ?? null;
  const capture = () =>
    action.run(
      "capture",
      async () => {
        await apiFetch(`/api/urls/${urlId}/evidence`, {
          method: "POST",
          fallback: "Erreur lors du lancement de la capture",
        });
        await captures.mutate();
      },
      { error: "Erreur lors du lancement de la capture" },
    );
  if (!canEdit && !latest) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-zinc-100 pt-3">
      {canEdit ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={capture}
          loading={action.busy === "capture"}
          disabled={latest?.status === "pending"}
          aria-label={`Capturer une preuve de ${urlName}`}
        >
          Capturer une preuve
        </Button>
      ) : null}
      {latest ? <EvidenceStatus capture={latest} /> : null}
      {action.error ? (
        <p role="alert" className="w-full text-xs text-red-700">
          {action.error}
        </p>
      ) : null}
    </div>
  );
}
