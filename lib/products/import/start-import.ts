import { createHash } from "node:crypto";
import { productImports } from "@/db/schema";
import { inTransaction } from "@/lib/jobs";
import { triggerJob } from "@/lib/jobs";
import type { TImportRow } from "./parse-import-file";
import { presentImport } from "./present-import";

/**
 * Records an import of the file's rows and starts its job once recorded; answers at once. The rows are kept
 * with the file's hash: a run that dies is resumed from the same rows (the import-products job).
 */
export async function startImport(workspaceId: string, rows: TImportRow[], file: { name: string; bytes: Uint8Array }) {
  const job = await inTransaction(async (tx) => {
    const [row] = await tx
      .insert(productImports)
      .values({
        workspaceId,
        fileName: file.name.slice(0, 255),
        fileHash: createHash("sha256").update(file.bytes).digest("hex"),
        rows,
        total: rows.length,
      })
      .returning();
    await triggerJob("importProducts", { importId: row!.id, workspaceId }, { tx });
    return row!;
  });
  return presentImport(job);
}
