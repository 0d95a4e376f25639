import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { productImports } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { presentImport } from "./present-import";

export const IMPORT_NOT_FOUND = "Import introuvable";

/** GET /api/products/import/{importId}: the owner's import, its progress and report. */
export async function getImport(workspaceId: string, importId: string) {
  const db = await getDb();
  const [job] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.id, importId), eq(productImports.workspaceId, workspaceId)));
  if (!job) throw notFound(IMPORT_NOT_FOUND, "import_not_found");
  return presentImport(job);
}
