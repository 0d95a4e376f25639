import { centsToDecimal, percentOf, toCents } from "@/lib/core/money";

/**
 * The catalogue price index: the sum of my prices over the sum of the market averages × 100, over the products
 * with 'mon prix' and a market (a basket index: each product weighs its price; the sums come from SQL). "100.00"
 * is the market level.
 */
export function catalogueIndex(basket: { products: number; mySum: number; avgSum: number }): string | null {
  return basket.products === 0 ? null : percentOf(basket.mySum, basket.avgSum);
}

/**
 * The index `days` ago against now, on the same basket (products with a market at both instants: their sums of
 * my prices, of the market averages now and then, summed in SQL), so that the change shows the market moving and
 * not products coming and going. 'Mon prix' has no history: today's is used at both ends. `change` is in index
 * points.
 */
export function indexTrend(basket: { products: number; mySum: number; nowSum: number; thenSum: number }) {
  const indexNow = catalogueIndex({ ...basket, avgSum: basket.nowSum });
  const indexThen = catalogueIndex({ ...basket, avgSum: basket.thenSum });
  return {
    index_then: indexThen,
    index_now: indexNow,
    change: indexNow === null || indexThen === null ? null : centsToDecimal(toCents(indexNow)! - toCents(indexThen)!),
  };
}
