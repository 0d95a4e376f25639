import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { productImports } from "@/db/schema";
import { planImport } from "@/lib/products";
import { writeImportBatch } from "@/lib/products";
import { defineJob } from "@/lib/jobs";
import { IMPORT_REQUESTED } from "@/lib/jobs";

const RETRIES = 3;
/** Failed attempts with no batch written in between (two runs' worth): the import is then 'failed'. */
export const IMPORT_MAX_FAILURES = 2 * (RETRIES + 1);

/**
 * Counts a failed attempt of the import's plan or batch; true once the import is thereby 'failed' (its run
 * then ends instead of failing again, and resume-imports leaves it alone).
 */
async function countImportFailure(importId: string, error: unknown): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .update(productImports)
    .set({
      failures: sql`${productImports.failures} + 1`,
      status: sql`case when ${productImports.failures} + 1 >= ${IMPORT_MAX_FAILURES} then 'failed' else ${productImports.status} end`,
      finishedAt: sql`case when ${productImports.failures} + 1 >= ${IMPORT_MAX_FAILURES} then now() else null end`,
      error: error instanceof Error ? error.message.slice(0, 1000) : String(error).slice(0, 1000),
    })
    .where(eq(productImports.id, importId))
    .returning({ status: productImports.status });
  return row?.status === "failed";
}

// A products import (product_imports): its plan, then one step per batch of 250 URLs. A run that dies, or a
// second run of the same import, resumes after the last committed batch (the import row's cursor).
export const importProductsJob = defineJob<{ importId: string; workspaceId: string }>({
  id: "import-products",
  name: "Importer des produits",
  trigger: { event: IMPORT_REQUESTED },
  concurrency: { limit: 4, per: { key: "workspaceId", limit: 1 } },
  retries: RETRIES,
  handler: async ({ importId }, io) => {
    const guarded = (fn: () => Promise<boolean>) => async () => {
      try {
        return await fn();
      } catch (error) {
        if (await countImportFailure(importId, error)) return false;
        throw error;
      }
    };
    const planned = await io.step(
      "plan",
      guarded(async () => {
        await planImport(importId);
        return true;
      }),
    );
    let batches = 0;
    // a run planned before this step answered true got undefined from it
    if (planned !== false)
      while (
        await io.step(
          `lot-${batches}`,
          guarded(() => writeImportBatch(importId)),
        )
      )
        batches++;
    return { importId, batches };
  },
});
