"use client";

import { useEvidence } from "@/client/hooks/use-evidence";
import { EvidenceStatus } from "./evidence-status";

type TFlagCapture = {
  id: string;
  status: "pending" | "ready" | "failed";
  error: string | null;
  captured_at: string | null;
};

/** A flag's 'dossier de preuve', followed until it is captured. */
export function FlagEvidence({ capture }: { capture: TFlagCapture | null }) {
  const live = useEvidence(capture?.status === "pending" ? capture.id : null);
  if (!capture) return null;
  return (
    <div className="mt-2">
      <EvidenceStatus capture={live.data ?? capture} />
    </div>
  );
}
