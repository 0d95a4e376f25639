import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { evidenceCaptures } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

/** Deletes one of the workspace's captures (it frees a place of the plan's bound). */
export async function deleteEvidence(workspaceId: string, id: string): Promise<void> {
  const db = await getDb();
  const gone = await db
    .delete(evidenceCaptures)
    .where(and(eq(evidenceCaptures.id, id), eq(evidenceCaptures.workspaceId, workspaceId)))
    .returning({ id: evidenceCaptures.id });
  if (gone.length === 0) throw new AppError("evidence_not_found");
}
