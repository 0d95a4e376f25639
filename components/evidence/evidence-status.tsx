"use client";

import { useState } from "react";
import { errorMessage } from "@/client/api-client-error";
import type { TEvidence } from "@/client/hooks/use-evidence";
import { downloadFile } from "@/components/history/download-file";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";

type TCapture = Pick<TEvidence, "id" | "status" | "error"> & { captured_at?: string | null };

/** A capture's state: 'en cours' (spinner), 'prêt' (the ZIP's download button) or 'échec' with its reason. */
export function EvidenceStatus({ capture }: { capture: TCapture }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (capture.status === "pending")
    return (
      <p role="status" className="flex items-center gap-2 text-xs text-zinc-600">
        <Spinner size="sm" label={null} />
        Dossier de preuve : en cours
      </p>
    );
  if (capture.status === "failed")
    return (
      <p role="status" className="text-xs text-red-700">
        Dossier de preuve : échec. {capture.error}
      </p>
    );
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(
        `/api/evidence/${capture.id}/download`,
        "dossier-de-preuve.zip",
        "Erreur lors du téléchargement du dossier de preuve",
      );
    } catch (err) {
      setError(errorMessage(err, "Erreur lors du téléchargement du dossier de preuve"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600">
      <Button
        variant="secondary"
        size="sm"
        onClick={download}
        loading={busy}
        aria-label="Télécharger le dossier de preuve"
      >
        Dossier de preuve
      </Button>
      <span role="status">prêt{capture.captured_at ? ` · capturé le ${formatDateTime(capture.captured_at)}` : ""}</span>
      {error ? (
        <span role="alert" className="text-red-700">
          {error}
        </span>
      ) : null}
    </div>
  );
}
