import { centsToDecimal, percentOf, toCents } from "@/lib/core/money";

/**
 * The catalogue price index: the sum of my prices over the sum of the market averages × 100, over the products
 * with 'mon prix' and a market (a basket index: each product weighs its price). "100.00" is the market level.
 */
export function catalogueIndex(pairs: { my: number; avg: number }[]): string | null {
  if (pairs.length === 0) return null;
  const my = pairs.reduce((s, p) => s + p.my, 0);
  const avg = pairs.reduce((s, p) => s + p.avg, 0);
  return percentOf(my, avg);
}

/**
 * The index `days` ago against now, on the same basket (products with a market at both instants), so that the
 * change shows the market moving and not products coming and going. 'Mon prix' has no history: today's is
 * used at both ends. `change` is in index points.
 */
export function indexTrend(
  days: number,
  products: { myCents: number | null; market: { avg: number } | null; avgThen: Map<number, number> }[],
) {
  const pairsNow: { my: number; avg: number }[] = [];
  const pairsThen: { my: number; avg: number }[] = [];
  for (const p of products) {
    const then = p.avgThen.get(days);
    if (p.myCents === null || !p.market || then === undefined) continue;
    pairsNow.push({ my: p.myCents, avg: p.market.avg });
    pairsThen.push({ my: p.myCents, avg: then });
  }
  const indexNow = catalogueIndex(pairsNow);
  const indexThen = catalogueIndex(pairsThen);
  return {
    days,
    products: pairsNow.length,
    index_then: indexThen,
    index_now: indexNow,
    change: indexNow === null || indexThen === null ? null : centsToDecimal(toCents(indexNow)! - toCents(indexThen)!),
  };
}
