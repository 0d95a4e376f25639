import { and, eq, getTableColumns } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { evidenceCaptures } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

/** Every column but the files. */
export const { screenshotGz: _s, htmlGz: _h, ...EVIDENCE_META } = getTableColumns(evidenceCaptures);

/**
 * One of the workspace's captures; `withFiles` also reads its compressed screenshot and HTML. Missing and foreign
 * ids are the same 404.
 */
export async function getEvidenceOrThrow(
  workspaceId: string,
  id: string,
  options: { withFiles?: boolean; db?: DbLike } = {},
) {
  const db = options.db ?? (await getDb());
  const columns = options.withFiles
    ? { ...EVIDENCE_META, screenshotGz: evidenceCaptures.screenshotGz, htmlGz: evidenceCaptures.htmlGz }
    : EVIDENCE_META;
  const [row] = await db
    .select(columns)
    .from(evidenceCaptures)
    .where(and(eq(evidenceCaptures.id, id), eq(evidenceCaptures.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("evidence_not_found");
  return row as typeof row & { screenshotGz?: Uint8Array | null; htmlGz?: Uint8Array | null };
}
