import { recordAudit } from "@/lib/audit";
import { count, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls, products } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { scheduleNewUrl } from "@/lib/jobs";
import { inTransaction } from "@/lib/jobs";
import { requestScrapes } from "@/lib/jobs";
import { getProduct } from "./get-product";
import { lockOwnerPlan } from "@/lib/billing";
import { planLimitError } from "@/lib/products/limits/plan-limit-error";
import type { TCreateProductData } from "./schemas";
import { asDuplicateSku, identityColumns, replaceGtins } from "./identity/write-identity";

export const DUPLICATE_URL = "Cette URL est déjà suivie pour ce produit";

/**
 * Creates a product and its URLs in one transaction, within the plan (products, URLs per product, hourly),
 * and queues a first scrape per URL. The owner's row is locked first, so concurrent creates cannot overshoot.
 */
export async function createProduct(workspaceId: string, input: TCreateProductData) {
  const urls = input.urls ?? [];
  const seen = new Set<string>();
  for (const u of urls) {
    if (seen.has(u.url)) throw new AppError("duplicate_url");
    seen.add(u.url);
  }
  const db = await getDb();
  const productId = await inTransaction(async (tx) => {
    const plan = await lockOwnerPlan(tx, workspaceId);
    if (plan.maxProducts !== null) {
      const [row] = await tx.select({ n: count() }).from(products).where(eq(products.workspaceId, workspaceId));
      if ((row?.n ?? 0) >= plan.maxProducts) throw planLimitError("products", plan.maxProducts);
    }
    if (plan.maxUrlsPerProduct !== null && urls.length > plan.maxUrlsPerProduct) {
      throw planLimitError("urls", plan.maxUrlsPerProduct);
    }
    if (!plan.hasAutomation && urls.some((u) => u.tracking_frequency === "hourly")) throw planLimitError("hourly");

    const [product] = await tx
      .insert(products)
      .values({
        workspaceId,
        name: input.name,
        description: input.description ?? null,
        referencePrice: input.reference_price ?? null,
        minAdvertisedPrice: input.min_advertised_price ?? null,
        ...identityColumns(input),
      })
      .returning({ id: products.id });
    if (input.gtins?.length) await replaceGtins(tx, workspaceId, product!.id, input.gtins);
    if (urls.length > 0) {
      const now = new Date();
      const inserted = await tx
        .insert(productUrls)
        .values(
          urls.map((u, i) => ({
            productId: product!.id,
            workspaceId,
            name: u.name,
            url: u.url,
            trackingFrequency: u.tracking_frequency,
            selector: u.selector ?? null,
            ...scheduleNewUrl(u.tracking_frequency, plan.hasAutomation, now),
            lastStatus: "pending" as const,
            // one statement shares now(): a microsecond apart keeps the payload's order in every list
            createdAt: sql`now() + ${i}::int * interval '1 microsecond'`,
          })),
        )
        .returning({ id: productUrls.id, url: productUrls.url });
      await requestScrapes(
        inserted.map((r) => ({ workspaceId, urlId: r.id, productId: product!.id, url: r.url })),
        { tx, reason: "first" },
      );
    }
    await recordAudit(
      tx,
      workspaceId,
      "product.create",
      { type: "product", id: product!.id },
      { name: input.name, urls: urls.length },
    );
    return product!.id;
  }).catch((error: unknown) => {
    throw asDuplicateSku(error);
  });
  return getProduct(workspaceId, productId, db);
}
