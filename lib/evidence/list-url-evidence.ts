import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { evidenceCaptures } from "@/db/schema";
import { getProductUrlOrThrow } from "@/lib/products";
import { EVIDENCE_META } from "./get-evidence-or-throw";
import { presentEvidence } from "./present-evidence";

/** The captures of one of the workspace's URLs, newest first (the 20 latest). */
export async function listUrlEvidence(workspaceId: string, urlId: string) {
  const db = await getDb();
  await getProductUrlOrThrow(workspaceId, urlId, { db });
  const rows = await db
    .select(EVIDENCE_META)
    .from(evidenceCaptures)
    .where(and(eq(evidenceCaptures.urlId, urlId), eq(evidenceCaptures.workspaceId, workspaceId)))
    .orderBy(desc(evidenceCaptures.createdAt))
    .limit(20);
  return rows.map(presentEvidence);
}
