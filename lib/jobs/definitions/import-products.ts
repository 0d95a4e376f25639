import { planImport } from "@/lib/products/import/plan-import";
import { writeImportBatch } from "@/lib/products/import/write-import-batch";
import { defineJob } from "../define-job";
import { IMPORT_REQUESTED } from "../job-events";

// A products import (product_imports): its plan, then one step per batch of 250 URLs. A run that dies, or a
// second run of the same import, resumes after the last committed batch (the import row's cursor).
export const importProductsJob = defineJob<{ importId: string; userId: string }>({
  id: "import-products",
  name: "Importer des produits",
  trigger: { event: IMPORT_REQUESTED },
  concurrency: { limit: 4, per: { key: "userId", limit: 1 } },
  retries: 3,
  handler: async ({ importId }, io) => {
    await io.step("plan", () => planImport(importId));
    let batches = 0;
    while (await io.step(`lot-${batches}`, () => writeImportBatch(importId))) batches++;
    return { importId, batches };
  },
});
