import { recordAudit } from "@/lib/audit";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing";
import { AppError } from "@/lib/errors/app-error";
import { computeNextCheck, pageKeyOf } from "@/lib/jobs";
import { getProductUrlOrThrow } from "./get-product-url-or-throw";
import { planLimitError } from "@/lib/products/limits/plan-limit-error";
import { queryProducts } from "@/lib/products/query-products";
import type { TUpdateProductUrlData } from "@/lib/products/schemas";

/** Changes a tracked URL's source name, frequency or selector hint; a new frequency reschedules the next check. */
export async function updateProductUrl(
  workspaceId: string,
  productId: string,
  urlId: string,
  input: TUpdateProductUrlData,
) {
  const db = await getDb();
  const row = await getProductUrlOrThrow(workspaceId, urlId, { productId, db });
  const frequency = input.tracking_frequency;
  const { hasAutomation } = await getWorkspacePlan(workspaceId, db);
  if (frequency === "hourly" && !hasAutomation) throw planLimitError("hourly");
  const reschedule = frequency !== undefined && frequency !== row.trackingFrequency && row.lastCheckedAt !== null;
  await db.transaction(async (tx) => {
    await tx
      .update(productUrls)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(frequency !== undefined ? { trackingFrequency: frequency } : {}),
        ...(input.selector !== undefined ? { selector: input.selector } : {}),
        ...(reschedule
          ? {
              nextCheckAt: computeNextCheck(
                pageKeyOf(workspaceId, row.url),
                frequency,
                hasAutomation,
                row.lastCheckedAt!,
              ),
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(productUrls.id, urlId), eq(productUrls.workspaceId, workspaceId)));
    await recordAudit(
      tx,
      workspaceId,
      "url.update",
      { type: "url", id: urlId },
      { product_id: productId, url: row.url, ...input },
    );
  });
  const [product] = await queryProducts(db, workspaceId, { productId });
  const url = product?.urls.find((u) => u.id === urlId);
  if (!url) throw new AppError("url_not_found");
  return url;
}
