"use client";

import { useWorkspaceRole } from "@/client/use-current-user";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { apiFetch, errorMessage } from "@/client/api-client";
import type { TAlertChannel, TChannelDelivery } from "@/client/hooks/use-alert-channels";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ChannelDeliveries } from "./channel-deliveries";

const TEST_ERROR = "Erreur lors de l'envoi du test";
const DELETE_ERROR = "Erreur lors de la suppression du canal";

/** One channel: send a test (result shown in place), show its delivery log, delete it after confirmation. */
export function ChannelRow({ channel, onDeleted }: { channel: TAlertChannel; onDeleted: () => void }) {
  const { mutate } = useSWRConfig();
  const { canEdit } = useWorkspaceRole();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const logKey = `/api/alert-channels/${channel.id}/deliveries?limit=10`;

  async function sendTest() {
    setTesting(true);
    setResult(null);
    try {
      const res = await apiFetch<{ delivery: TChannelDelivery; message: string }>(
        `/api/alert-channels/${channel.id}/test`,
        { method: "POST", fallback: TEST_ERROR },
      );
      setResult({ tone: res.delivery.status === "sent" ? "success" : "error", text: res.message });
      void mutate(logKey);
    } catch (err) {
      setResult({ tone: "error", text: errorMessage(err, TEST_ERROR) });
    } finally {
      setTesting(false);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      await apiFetch(`/api/alert-channels/${channel.id}`, { method: "DELETE", fallback: DELETE_ERROR });
      setConfirming(false);
      onDeleted();
    } catch (err) {
      setConfirming(false);
      setResult({ tone: "error", text: errorMessage(err, DELETE_ERROR) });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <li className="space-y-3 px-3 py-3" data-testid="alert-channel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-medium text-zinc-900">
            <span className="truncate">{channel.name}</span>
            <Badge tone="brand">{channel.kind_label}</Badge>
          </p>
          <p className="truncate text-xs text-zinc-500">{channel.url}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canEdit ? (
            <Button variant="secondary" size="sm" onClick={sendTest} loading={testing}>
              {testing ? "Envoi..." : "Envoyer un test"}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
            {showLog ? "Masquer le journal" : "Journal des envois"}
          </Button>
          {canEdit ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => setConfirming(true)}
            >
              Supprimer
            </Button>
          ) : null}
        </div>
      </div>
      {result ? (
        <Alert tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </Alert>
      ) : null}
      {showLog ? <ChannelDeliveries channelId={channel.id} /> : null}
      <Dialog
        open={confirming}
        onClose={() => (deleting ? undefined : setConfirming(false))}
        title="Supprimer ce canal ?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={deleting}>
              Annuler
            </Button>
            <Button variant="danger" onClick={remove} loading={deleting}>
              {deleting ? "Suppression..." : "Supprimer"}
            </Button>
          </>
        }
      >
        <p className="text-sm text-zinc-600">
          Les règles d&apos;alerte n&apos;enverront plus rien à « {channel.name} » et son journal des envois sera
          effacé.
        </p>
      </Dialog>
    </li>
  );
}
