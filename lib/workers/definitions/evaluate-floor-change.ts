import { evaluateFloorChange } from "@/lib/alerts";
import { defineJob } from "@/lib/jobs";
import { FLOOR_CHANGED } from "@/lib/jobs";

// A product's minimum advertised price changed (edit, import, feed): re-judges its URLs' latest readings against
// the floor in force when the run starts, and alerts on the flags this opened. One run at a time per product, so
// two quick edits never judge against each other's floor; a retry is safe (a flag already open alerts once).
export const evaluateFloorChangeJob = defineJob<{ productId: string }>({
  id: "evaluate-floor-change",
  name: "Réévaluer le prix minimum annoncé",
  trigger: { event: FLOOR_CHANGED },
  concurrency: { limit: 10, per: { key: "productId", limit: 1 } },
  retries: 3,
  handler: (payload, io) => io.step("evaluate", () => evaluateFloorChange(payload.productId)),
});
