import { getDb } from "@/db";
import { getLatestReadings } from "./get-latest-readings";
import { getOwnedProductUrls } from "./get-owned-product-urls";
import { getRetentionCutoff } from "./get-retention-cutoff";
import { centsToDecimal, divRound, percentOf, toCents } from "@/lib/core/money";
import { readReadingOffers, totalWithShipping } from "./reading-offers";

/** The currency most merchants quote in (EUR on a tie), so only like prices are compared. */
function mainCurrency(currencies: string[]): string {
  const counts = new Map<string, number>();
  for (const c of currencies) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best = "EUR";
  let bestCount = counts.get("EUR") ?? 0;
  for (const [c, n] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    if (n > bestCount) [best, bestCount] = [c, n];
  }
  return best;
}

const gap = (cents: number, base: number | null) =>
  base === null
    ? { amount: null, percent: null }
    : { amount: centsToDecimal(cents - base), percent: percentOf(cents - base, base) };

/**
 * The latest retained reading of each merchant of the owner's product (its price even when out of stock, and
 * the URL's last status), min / average / max of the in-stock prices in the main currency (of the out-of-stock
 * ones when nothing is in stock: `out_of_stock_only`), the cheapest merchant(s), and each counted merchant's gap
 * to the cheapest and to the product's reference price. All arithmetic in integer cents.
 */
export async function getProductComparison(workspaceId: string, productId: string) {
  const db = await getDb();
  const [{ product, urls }, { cutoff }] = await Promise.all([
    getOwnedProductUrls(db, workspaceId, productId),
    getRetentionCutoff(workspaceId, db),
  ]);
  const latest = await getLatestReadings(
    db,
    urls.map((u) => u.id),
    { cutoff },
  );
  const details = await readReadingOffers(
    db,
    [...latest.values()].map((r) => r.id),
  );

  const merchants = urls.map((u) => {
    const r = latest.get(u.id);
    const d = r ? details.get(r.id) : undefined;
    return {
      url_id: u.id,
      name: u.name,
      url: u.url,
      // an out-of-stock page keeps its advertised price: shown with its state
      cents: r ? toCents(r.price) : null,
      currency: (r?.currency?.trim() || "EUR").toUpperCase(),
      available: r ? r.available : null,
      availability_stated: d?.availabilityStated ?? true,
      seller: d?.seller ?? null,
      shipping: d?.shipping ?? null,
      checked_at: r ? new Date(r.created_at).toISOString() : null,
      status: u.paused ? ("paused" as const) : u.lastStatus,
      last_checked_at: u.lastCheckedAt ? u.lastCheckedAt.toISOString() : null,
    };
  });
  const inStock = merchants.filter((m) => m.cents !== null && m.available);
  // the market is what can be bought; only when nothing is in stock do the out-of-stock prices make it
  const priced = inStock.length ? inStock : merchants.filter((m) => m.cents !== null);
  const currency = mainCurrency(priced.map((m) => m.currency));
  const counted = new Set(priced.filter((m) => m.currency === currency));
  const comparable = [...counted].map((m) => m.cents!);
  const min = comparable.length ? Math.min(...comparable) : null;
  const max = comparable.length ? Math.max(...comparable) : null;
  const sum = comparable.reduce((a, b) => a + b, 0);
  const avg = comparable.length ? divRound(sum, comparable.length) : null;
  const reference = toCents(product.referencePrice);

  return {
    product_id: product.id,
    currency,
    reference_price: reference === null ? null : centsToDecimal(reference),
    stats: {
      count: comparable.length,
      out_of_stock_only: comparable.length > 0 && inStock.length === 0,
      min: min === null ? null : centsToDecimal(min),
      avg: avg === null ? null : centsToDecimal(avg),
      max: max === null ? null : centsToDecimal(max),
      spread: min === null || max === null ? null : centsToDecimal(max - min),
    },
    merchants: merchants.map((m) => {
      const isComparable = counted.has(m);
      const toCheapest = isComparable ? gap(m.cents!, min) : { amount: null, percent: null };
      const toReference = isComparable ? gap(m.cents!, reference) : { amount: null, percent: null };
      return {
        url_id: m.url_id,
        name: m.name,
        url: m.url,
        price: m.cents === null ? null : centsToDecimal(m.cents),
        currency: m.currency,
        available: m.available,
        // false: the page said nothing of stock ('Non précisée'); `available` is then true
        availability_stated: m.availability_stated,
        seller: m.seller,
        shipping: m.shipping,
        total_with_shipping: m.cents === null ? null : totalWithShipping(centsToDecimal(m.cents), m.shipping),
        checked_at: m.checked_at,
        status: m.status,
        last_checked_at: m.last_checked_at,
        comparable: isComparable,
        is_cheapest: isComparable && m.cents === min,
        gap_to_cheapest: toCheapest.amount,
        gap_to_cheapest_percent: toCheapest.percent,
        gap_to_reference: toReference.amount,
        gap_to_reference_percent: toReference.percent,
      };
    }),
  };
}
