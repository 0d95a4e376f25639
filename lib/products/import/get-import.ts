import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { productImports } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { presentImport } from "./present-import";

/** GET /api/products/import/{importId}: the owner's import, its progress and report. */
export async function getImport(workspaceId: string, importId: string) {
  const db = await getDb();
  const [job] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.id, importId), eq(productImports.workspaceId, workspaceId)));
  if (!job) throw new AppError("import_not_found");
  return presentImport(job);
}
