import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { DbTx } from "@/db";
import { evidenceCaptures } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing";
import { triggerJob } from "@/lib/jobs";
import { evidenceLimitMessage } from "./schemas";

export type TEvidenceTarget = {
  workspaceId: string;
  productId: string;
  urlId: string;
  url: string;
  flagId?: string | null;
  readingId?: number | null;
  readingAt?: Date | null;
  requestedBy?: string | null;
};

/**
 * Records a capture of `target` and starts its job once `tx` commits (tx from inTransaction). The captures
 * kept (pending or ready) are bounded per workspace by the plan: past the bound the row is written 'failed'
 * with the reason, and `full` is set. Workspace captures are counted under a lock of the workspace row, so two
 * requests never both take the last place. A flag has one capture at most (null when it already has one).
 */
export async function queueEvidenceCapture(tx: DbTx, target: TEvidenceTarget) {
  await tx.execute(sql`select id from workspaces where id = ${target.workspaceId} for update`);
  const plan = await getWorkspacePlan(target.workspaceId, tx);
  const limit = plan.maxEvidenceCaptures;
  let full: string | null = null;
  if (limit !== null) {
    const [kept] = await tx
      .select({ n: count() })
      .from(evidenceCaptures)
      .where(
        and(
          eq(evidenceCaptures.workspaceId, target.workspaceId),
          inArray(evidenceCaptures.status, ["pending", "ready"]),
        ),
      );
    if ((kept?.n ?? 0) >= limit) full = evidenceLimitMessage(plan.name, limit);
  }
  const [row] = await tx
    .insert(evidenceCaptures)
    .values({
      workspaceId: target.workspaceId,
      productId: target.productId,
      urlId: target.urlId,
      url: target.url,
      flagId: target.flagId ?? null,
      readingId: target.readingId ?? null,
      readingAt: target.readingAt ?? null,
      requestedBy: target.requestedBy ?? null,
      reason: target.flagId ? "flag" : "manual",
      status: full ? "failed" : "pending",
      error: full,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  if (!full) await triggerJob("captureEvidence", { captureId: row.id }, { tx });
  return { row, full, limit };
}
