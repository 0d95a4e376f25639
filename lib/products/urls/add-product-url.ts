import { recordAudit } from "@/lib/audit";
import { and, count, eq } from "drizzle-orm";
import { productUrls } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { scheduleNewUrl } from "@/lib/jobs";
import { inTransaction } from "@/lib/jobs";
import { requestScrapes } from "@/lib/jobs";
import { getProductOrThrow } from "@/lib/products/get-product-or-throw";
import { isUniqueViolation } from "@/lib/core/is-unique-violation";
import { lockOwnerPlan } from "@/lib/billing";
import { planLimitError } from "@/lib/products/limits/plan-limit-error";
import { presentProductUrl } from "./present-product-url";
import type { TCreateProductUrlData } from "@/lib/products/schemas";

/**
 * Adds a tracked URL to one of the owner's products within the plan, and queues its first scrape
 * (the answer does not wait for it). Check and insert share one transaction under the owner's row lock.
 */
export async function addProductUrl(workspaceId: string, productId: string, input: TCreateProductUrlData) {
  try {
    return await inTransaction(async (tx) => {
      const plan = await lockOwnerPlan(tx, workspaceId);
      await getProductOrThrow(workspaceId, productId, tx);
      if (input.tracking_frequency === "hourly" && !plan.hasAutomation) throw planLimitError("hourly");
      if (plan.maxUrlsPerProduct !== null) {
        const [row] = await tx.select({ n: count() }).from(productUrls).where(eq(productUrls.productId, productId));
        if ((row?.n ?? 0) >= plan.maxUrlsPerProduct) throw planLimitError("urls", plan.maxUrlsPerProduct);
      }
      const [dup] = await tx
        .select({ id: productUrls.id })
        .from(productUrls)
        .where(and(eq(productUrls.productId, productId), eq(productUrls.url, input.url)))
        .limit(1);
      if (dup) throw new AppError("duplicate_url");
      const [row] = await tx
        .insert(productUrls)
        .values({
          productId,
          workspaceId,
          name: input.name,
          url: input.url,
          trackingFrequency: input.tracking_frequency,
          selector: input.selector ?? null,
          ...scheduleNewUrl(input.tracking_frequency, plan.hasAutomation),
          lastStatus: "pending",
        })
        .returning();
      await recordAudit(
        tx,
        workspaceId,
        "url.create",
        { type: "url", id: row!.id },
        { product_id: productId, url: row!.url },
      );
      // a new URL has no task yet: this one is always created
      const [task] = await requestScrapes([{ workspaceId, urlId: row!.id, productId, url: row!.url }], {
        tx,
        reason: "first",
      });
      return { ...presentProductUrl(row!, null), scrape_task_id: task!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("duplicate_url");
    throw error;
  }
}
