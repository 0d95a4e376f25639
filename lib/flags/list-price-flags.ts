import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { evidenceCaptures, priceFlags, productUrls, products } from "@/db/schema";
import { getProductOrThrow } from "@/lib/products";
import { describeFlag } from "./describe-flag";
import { FLAG_KIND_LABELS, type TFlagEvidence, type TFlagsQuery } from "./schemas";

/**
 * The user's promotion-check flags, newest first, filtered by kind, product and state. Reads price_flags only
 * (through its user or product index), never the readings: its cost does not grow with the history.
 */
export async function listPriceFlags(workspaceId: string, query: TFlagsQuery) {
  const db = await getDb();
  if (query.product_id) await getProductOrThrow(workspaceId, query.product_id, db);
  const rows = await db
    .select({
      flag: priceFlags,
      productName: products.name,
      urlName: productUrls.name,
      url: productUrls.url,
      capture: {
        id: evidenceCaptures.id,
        status: evidenceCaptures.status,
        error: evidenceCaptures.error,
        captured_at: evidenceCaptures.capturedAt,
      },
    })
    .from(priceFlags)
    .innerJoin(products, eq(products.id, priceFlags.productId))
    .innerJoin(productUrls, eq(productUrls.id, priceFlags.urlId))
    .leftJoin(evidenceCaptures, eq(evidenceCaptures.flagId, priceFlags.id))
    .where(
      and(
        eq(priceFlags.workspaceId, workspaceId),
        query.product_id ? eq(priceFlags.productId, query.product_id) : undefined,
        query.kind ? eq(priceFlags.kind, query.kind) : undefined,
        query.status === "open" ? isNull(priceFlags.resolvedAt) : undefined,
        query.status === "resolved" ? isNotNull(priceFlags.resolvedAt) : undefined,
      ),
    )
    .orderBy(desc(priceFlags.createdAt), desc(priceFlags.id))
    .limit(query.limit);
  return rows.map(({ flag, productName, urlName, url, capture }) => ({
    id: flag.id,
    kind: flag.kind,
    kind_label: FLAG_KIND_LABELS[flag.kind],
    summary: describeFlag(flag.kind, flag.evidence as TFlagEvidence),
    product_id: flag.productId,
    product_name: productName,
    url_id: flag.urlId,
    url_name: urlName,
    url,
    reading_id: flag.priceHistoryId,
    evidence: flag.evidence as TFlagEvidence,
    created_at: flag.createdAt,
    resolved_at: flag.resolvedAt,
    // its 'dossier de preuve' (null: none, e.g. a flag older than the captures)
    evidence_capture: capture?.id ? capture : null,
  }));
}

export type TPriceFlagView = Awaited<ReturnType<typeof listPriceFlags>>[number];
