import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { DbLike } from "@/db";
import { priceFlags, priceHistory, productUrls, products } from "@/db/schema";
import { requestFlagEvidence } from "@/lib/evidence";
import { toCents } from "@/lib/core/money";
import { checkPromotion } from "./check-promotion";
import type { TFlagKind, TFloorEvidence, TPromotionEvidence } from "./schemas";

type TOpenFlag = { id: string; kind: TFlagKind; evidence: unknown };
type TTarget = { workspaceId: string; productId: string; urlId: string; readingId: number; at: Date };

/**
 * Opens the flag of this reading and kind; one the floor re-judgement had resolved opens again (same reading).
 * A new flag gets its 'dossier de preuve' captured.
 */
async function openFlag(db: DbLike, t: TTarget, kind: TFlagKind, evidence: TPromotionEvidence | TFloorEvidence) {
  const [reopened] = await db
    .update(priceFlags)
    .set({ evidence, resolvedAt: null })
    .where(and(eq(priceFlags.priceHistoryId, t.readingId), eq(priceFlags.kind, kind), isNotNull(priceFlags.resolvedAt)))
    .returning({ id: priceFlags.id });
  if (reopened) return;
  const [created] = await db
    .insert(priceFlags)
    .values({ ...t, priceHistoryId: t.readingId, kind, evidence, createdAt: t.at })
    .onConflictDoNothing()
    .returning({ id: priceFlags.id });
  if (created) await requestFlagEvidence({ ...t, id: created.id });
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
      workspaceId: products.workspaceId,
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
      workspaceId: row.workspaceId,
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

    await judgeFloor(db, t, { ...r, price: r.price }, row.floor, current("below_min_advertised"));
  }
  const opened = await db
    .select({ kind: priceFlags.kind, evidence: priceFlags.evidence })
    .from(priceFlags)
    .where(eq(priceFlags.priceHistoryId, priceHistoryId));
  return opened;
}

type TPricedReading = { id: number; price: string; currency: string | null; createdAt: Date };

/**
 * Price-floor monitoring of a URL's latest reading: a flag opens when its price is below the product's minimum
 * advertised price and no flag of that kind is open, and resolves when it is not (at or above the floor, or no
 * floor). An open flag stays open, with its evidence, while the price stays below. `t.at` dates the change.
 */
async function judgeFloor(
  db: DbLike,
  t: TTarget,
  r: TPricedReading,
  floor: string | null,
  open: TOpenFlag | undefined,
): Promise<TFloorEvidence | null> {
  const floorCents = toCents(floor);
  if (floorCents === null || toCents(r.price)! >= floorCents) {
    await resolveFlag(db, open, t.at);
    return null;
  }
  if (open) return null;
  const evidence: TFloorEvidence = {
    currency: r.currency?.trim() || "EUR",
    price: r.price,
    min_advertised_price: floor!,
    observed_at: r.createdAt.toISOString(),
    reading_id: r.id,
  };
  await openFlag(db, t, "below_min_advertised", evidence);
  return evidence;
}

/**
 * After the product's minimum advertised price changed (at `at`): judges each URL's latest priced reading
 * against the new floor, as a new reading would be. Returns the floor flags this opened, for their alerts.
 */
export async function syncFloorFlags(db: DbLike, productId: string, at: Date) {
  const rows = await db
    .select({
      reading: priceHistory,
      workspaceId: products.workspaceId,
      floor: products.minAdvertisedPrice,
      open: { id: priceFlags.id, kind: priceFlags.kind, evidence: priceFlags.evidence },
    })
    .from(productUrls)
    .innerJoin(products, eq(products.id, productUrls.productId))
    .innerJoin(priceHistory, eq(priceHistory.id, productUrls.latestReadingId))
    .leftJoin(
      priceFlags,
      and(
        eq(priceFlags.urlId, productUrls.id),
        eq(priceFlags.kind, "below_min_advertised"),
        isNull(priceFlags.resolvedAt),
      ),
    )
    .where(and(eq(productUrls.productId, productId), isNotNull(priceHistory.price)));
  const opened: { priceHistoryId: number; kind: TFlagKind; evidence: TFloorEvidence }[] = [];
  for (const { reading: r, workspaceId, floor, open } of rows) {
    const t: TTarget = { workspaceId, productId, urlId: r.urlId, readingId: r.id, at };
    const evidence = await judgeFloor(
      db,
      t,
      { ...r, price: r.price! },
      floor,
      (open ?? undefined) as TOpenFlag | undefined,
    );
    if (evidence) opened.push({ priceHistoryId: r.id, kind: "below_min_advertised", evidence });
  }
  return opened;
}
