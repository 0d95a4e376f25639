"use client";

import type { ReactNode } from "react";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { ActionAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export const INVALID_LINK = "Lien de désabonnement invalide";
const FAILED = "Le désabonnement a échoué. Veuillez réessayer.";

type Props = {
  /** The API's unsubscribe address, with the link's token. */
  path: string;
  /** The question the click answers. */
  children: ReactNode;
};

/**
 * Asks for a click before unsubscribing (mail scanners open every link of an e-mail), then shows the server's
 * French confirmation.
 */
export function UnsubscribeConfirm({ path, children }: Props) {
  const { busy, message, run } = useAction();

  async function confirm() {
    await run("confirm", () => apiFetch<{ message: string }>(path, { method: "POST", fallback: FAILED }), {
      error: FAILED,
      success: (res) => res.message,
    });
  }

  if (message?.tone === "success") return <ActionAlert message={message} />;
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600">{children}</p>
      <ActionAlert message={message} />
      <Button onClick={() => void confirm()} loading={busy !== null} className="w-full sm:w-auto">
        {busy ? "Désabonnement..." : "Confirmer le désabonnement"}
      </Button>
    </div>
  );
}
