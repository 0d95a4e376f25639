import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { priceFlags, priceHistory, productUrls, products } from "@/db/schema";
import { toCents } from "@/lib/history/money";
import { checkPromotion } from "./check-promotion";
import type { TFlagKind, TFloorEvidence, TPromotionEvidence } from "./schemas";

type TOpenFlag = { id: string; kind: TFlagKind; evidence: unknown };
type TTarget = { userId: string; productId: string; urlId: string; readingId: number; at: Date };

async function openFlag(db: DbLike, t: TTarget, kind: TFlagKind, evidence: TPromotionEvidence | TFloorEvidence) {
  await db
    .insert(priceFlags)
    .values({ ...t, priceHistoryId: t.readingId, kind, evidence, createdAt: t.at })
    .onConflictDoNothing();
}

async function resolveFlag(db: DbLike, flag: TOpenFlag | undefined, at: Date) {
  if (!flag) return;
  await db
    .update(priceFlags)
    .set({ resolvedAt: at })
    .where(and(eq(priceFlags.id, flag.id), isNull(priceFlags.resolvedAt)));
}

/**
 * Runs the promotion checks on a new reading and keeps the URL's flags in step: opens a flag on the first
 * reading showing a finding, resolves it on the first reading that no longer does. Only the URL's latest
 * reading moves flags (a late re-run for an older reading changes nothing); safe to re-run. Returns the
 * flags this reading opened, which the alert rules of those kinds fire on.
 */
export async function recordPriceFlags(
  db: DbLike,
  priceHistoryId: number,
): Promise<{ kind: TFlagKind; evidence: unknown }[]> {
  const [row] = await db
    .select({
      reading: priceHistory,
      productId: products.id,
      userId: products.userId,
      floor: products.minAdvertisedPrice,
      latestReadingId: productUrls.latestReadingId,
    })
    .from(priceHistory)
    .innerJoin(productUrls, eq(productUrls.id, priceHistory.urlId))
    .innerJoin(products, eq(products.id, productUrls.productId))
    .where(eq(priceHistory.id, priceHistoryId))
    .limit(1);
  if (!row) return [];
  const r = row.reading;
  if (row.latestReadingId === r.id && r.price !== null) {
    const open = (await db
      .select({ id: priceFlags.id, kind: priceFlags.kind, evidence: priceFlags.evidence })
      .from(priceFlags)
      .where(and(eq(priceFlags.urlId, r.urlId), isNull(priceFlags.resolvedAt)))) as TOpenFlag[];
    const current = (kind: TFlagKind) => open.find((f) => f.kind === kind);
    const t: TTarget = {
      userId: row.userId,
      productId: row.productId,
      urlId: r.urlId,
      readingId: r.id,
      at: r.createdAt,
    };

    const promo = await checkPromotion(db, r);
    const openPromo = current("suspect_promotion");
    const openStart = (openPromo?.evidence as TPromotionEvidence | undefined)?.reduction_started.reading_id;
    if (promo.status === "suspect") {
      // a new reduction (another crossed-out price) closes the previous one's flag and opens its own
      if (openPromo && openStart !== promo.evidence.reduction_started.reading_id)
        await resolveFlag(db, openPromo, r.createdAt);
      if (!openPromo || openStart !== promo.evidence.reduction_started.reading_id)
        await openFlag(db, t, "suspect_promotion", promo.evidence);
    } else {
      await resolveFlag(db, openPromo, r.createdAt);
    }

    const floor = toCents(row.floor);
    const price = toCents(r.price)!;
    if (floor !== null && price < floor) {
      const evidence: TFloorEvidence = {
        currency: r.currency?.trim() || "EUR",
        price: r.price,
        min_advertised_price: row.floor!,
        observed_at: r.createdAt.toISOString(),
        reading_id: r.id,
      };
      if (!current("below_min_advertised")) await openFlag(db, t, "below_min_advertised", evidence);
    } else {
      await resolveFlag(db, current("below_min_advertised"), r.createdAt);
    }
  }
  const opened = await db
    .select({ kind: priceFlags.kind, evidence: priceFlags.evidence })
    .from(priceFlags)
    .where(eq(priceFlags.priceHistoryId, priceHistoryId));
  return opened;
}

/** After the product's floor changed: re-judges each URL's latest reading against it. */
export async function syncFloorFlags(db: DbLike, productId: string) {
  const rows = await db
    .select({ id: productUrls.latestReadingId })
    .from(productUrls)
    .where(and(eq(productUrls.productId, productId), sql`${productUrls.latestPrice} is not null`));
  for (const { id } of rows) if (id !== null) await recordPriceFlags(db, id);
}
