import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { priceHistory, productUrls, products, users, workspaceMembers } from "@/db/schema";
import { isWorkspaceOwner } from "@/lib/workspaces";
import { pickPreviousPrice } from "./pick-previous-price";

/** What the rules compare a new entry with, among the entries of its URL before it. */
export type TEarlierReadings = {
  /** the latest earlier price, and the one before it */
  latestPrice: string | null;
  beforeLatestPrice: string | null;
  /** availability of the latest earlier entry with a price or saying "unavailable" */
  available: boolean | null;
};

/**
 * A price entry with its URL, product and the workspace's owner (the alerts' recipient), and the earlier entries the rules compare with (`earlier`
 * when the caller already read them in the statement that wrote the entry).
 */
export async function loadPriceContext(db: DbLike, priceHistoryId: number, earlier?: TEarlierReadings) {
  const [row] = await db
    .select({
      entry: priceHistory,
      url: { id: productUrls.id, name: productUrls.name, url: productUrls.url, productId: productUrls.productId },
      product: {
        id: products.id,
        name: products.name,
        referencePrice: products.referencePrice,
        workspaceId: products.workspaceId,
      },
      user: { id: users.id, email: users.email, firstName: users.firstName, alertMode: workspaceMembers.alertMode },
    })
    .from(priceHistory)
    .innerJoin(productUrls, eq(productUrls.id, priceHistory.urlId))
    .innerJoin(products, eq(products.id, productUrls.productId))
    .innerJoin(users, isWorkspaceOwner(products.workspaceId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, products.workspaceId), eq(workspaceMembers.userId, users.id)),
    )
    .where(eq(priceHistory.id, priceHistoryId))
    .limit(1);
  if (!row) return null;
  const readings = earlier ?? (await readEarlier(db, row.entry));
  return {
    ...row,
    previousPrice: pickPreviousPrice(row.entry.price, readings.latestPrice, readings.beforeLatestPrice),
    previousAvailable: readings.available,
  };
}

async function readEarlier(db: DbLike, entry: { id: number; urlId: string }): Promise<TEarlierReadings> {
  const earlier = and(
    eq(priceHistory.urlId, entry.urlId),
    isNull(priceHistory.correctedBy),
    sql`(${priceHistory.createdAt}, ${priceHistory.id}) < (select p.created_at, p.id from price_history p where p.id = ${entry.id})`,
  );
  const order = [desc(priceHistory.createdAt), desc(priceHistory.id)];
  const [latestPriced, beforeLatestPriced] = await db
    .select({ price: priceHistory.price })
    .from(priceHistory)
    .where(and(earlier, isNotNull(priceHistory.price)))
    .orderBy(...order)
    .limit(2);
  // a meaningful entry has a price or says "unavailable"; a price-less "available" entry is a broken read
  const [previousMeaningful] = await db
    .select({ available: priceHistory.available })
    .from(priceHistory)
    .where(and(earlier, or(isNotNull(priceHistory.price), eq(priceHistory.available, false))))
    .orderBy(...order)
    .limit(1);

  return {
    latestPrice: latestPriced?.price ?? null,
    beforeLatestPrice: beforeLatestPriced?.price ?? null,
    available: previousMeaningful ? previousMeaningful.available : null,
  };
}

export type TPriceContext = NonNullable<Awaited<ReturnType<typeof loadPriceContext>>>;
