import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { priceHistory, productUrls, products, users } from "@/db/schema";
import { pickPreviousPrice } from "./pick-previous-price";

/** A price entry with its URL, product and owner, and the earlier entries the rules compare with. */
export async function loadPriceContext(db: DbLike, priceHistoryId: number) {
  const [row] = await db
    .select({
      entry: priceHistory,
      url: { id: productUrls.id, name: productUrls.name, url: productUrls.url, productId: productUrls.productId },
      product: {
        id: products.id,
        name: products.name,
        referencePrice: products.referencePrice,
        userId: products.userId,
      },
      user: { id: users.id, email: users.email, firstName: users.firstName, alertMode: users.alertMode },
    })
    .from(priceHistory)
    .innerJoin(productUrls, eq(productUrls.id, priceHistory.urlId))
    .innerJoin(products, eq(products.id, productUrls.productId))
    .innerJoin(users, eq(users.id, products.userId))
    .where(eq(priceHistory.id, priceHistoryId))
    .limit(1);
  if (!row) return null;

  const earlier = and(
    eq(priceHistory.urlId, row.entry.urlId),
    isNull(priceHistory.correctedBy),
    sql`(${priceHistory.createdAt}, ${priceHistory.id}) < (select p.created_at, p.id from price_history p where p.id = ${row.entry.id})`,
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
    ...row,
    previousPrice: pickPreviousPrice(row.entry.price, latestPriced?.price ?? null, beforeLatestPriced?.price ?? null),
    previousAvailable: previousMeaningful ? previousMeaningful.available : null,
  };
}

export type TPriceContext = NonNullable<Awaited<ReturnType<typeof loadPriceContext>>>;
