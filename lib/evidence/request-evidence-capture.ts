import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { inTransaction } from "@/lib/jobs";
import { getProductUrlOrThrow } from "@/lib/products";
import { presentEvidence } from "./present-evidence";
import { queueEvidenceCapture } from "./queue-evidence-capture";

/** On-demand captures per workspace and minute. */
export const MANUAL_CAPTURE_LIMIT = 10;

/**
 * 'Capturer une preuve' on one of the workspace's URLs: records a pending capture beside the URL's latest
 * reading and starts it after commit. A full evidence store (plan bound) is a 403 and records nothing.
 */
export async function requestEvidenceCapture(workspaceId: string, urlId: string, userId: string) {
  const row = await inTransaction(async (tx) => {
    const url = await getProductUrlOrThrow(workspaceId, urlId, { db: tx, lock: "key share" });
    await rateLimit(`evidence:${workspaceId}`, MANUAL_CAPTURE_LIMIT, 60_000, { db: tx });
    const queued = await queueEvidenceCapture(tx, {
      workspaceId,
      productId: url.productId,
      urlId,
      url: url.url,
      readingId: url.latestReadingId,
      readingAt: url.latestAt,
      requestedBy: userId,
    });
    if (queued?.full)
      throw new AppError("evidence_limit_reached", { detail: queued.full, extra: { limit: queued.limit } });
    return queued!.row;
  });
  return presentEvidence(row);
}
