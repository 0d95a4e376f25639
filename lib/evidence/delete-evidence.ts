import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { evidenceCaptures } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { EVIDENCE_MSG } from "./messages";

/** Deletes one of the workspace's captures (it frees a place of the plan's bound). */
export async function deleteEvidence(workspaceId: string, id: string): Promise<void> {
  const db = await getDb();
  const gone = await db
    .delete(evidenceCaptures)
    .where(and(eq(evidenceCaptures.id, id), eq(evidenceCaptures.workspaceId, workspaceId)))
    .returning({ id: evidenceCaptures.id });
  if (gone.length === 0) throw notFound(EVIDENCE_MSG.notFound);
}
