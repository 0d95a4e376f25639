import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { productImports } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { isUuid } from "@/lib/core/is-uuid";
import { presentImport } from "./present-import";

/** GET /api/products/import/{importId}: the owner's import, its progress and report; a malformed id is the same 404. */
export async function getImport(workspaceId: string, importId: string) {
  if (!isUuid(importId)) throw new AppError("import_not_found");
  const db = await getDb();
  const [job] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.id, importId), eq(productImports.workspaceId, workspaceId)));
  if (!job) throw new AppError("import_not_found");
  return presentImport(job);
}
