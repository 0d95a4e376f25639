import { captureEvidence } from "@/lib/evidence";
import { defineJob } from "@/lib/jobs";
import { EVIDENCE_REQUESTED } from "@/lib/jobs";

// One 'dossier de preuve' (screenshot and HTML of a page); safe to re-run: a capture no longer pending is left.
// Chromium is heavy: two captures at once in all.
export const captureEvidenceJob = defineJob<{ captureId: string }>({
  id: "capture-evidence",
  name: "Capturer une preuve",
  trigger: { event: EVIDENCE_REQUESTED },
  idempotencyKey: "captureId",
  concurrency: { limit: 2 },
  retries: 0,
  handler: (payload, io) => io.step("capture", () => captureEvidence(payload.captureId)),
});
