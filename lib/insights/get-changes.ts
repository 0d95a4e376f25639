import { centsToDecimal, percentOf } from "@/lib/history/money";
import { loadMarket, offersOf } from "./load-market";
import { MARKET_CURRENCY, marketOf, type TOffer } from "./market-rules";
import { basisPoints, compareFr } from "./sort-lines";
import { CHANGE_KINDS, type TChangeKind, type TChangesQuery } from "./schemas";

const PERIOD_MS = { day: 86_400_000, week: 7 * 86_400_000 } as const;

export type TChange = {
  kind: TChangeKind;
  product_id: string;
  product_name: string;
  url_id: string | null;
  merchant: string;
  domain: string;
  previous_merchant: string | null;
  currency: string;
  before_price: string | null;
  after_price: string | null;
  change: string | null;
  change_percent: string | null;
  at: string;
};

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

/** What moved on one URL between its reading at `since` and its latest one; null when nothing did. */
function urlChange(before: TOffer, after: TOffer): Omit<TChange, "product_name" | "previous_merchant"> | null {
  if (before.readingId === after.readingId) return null;
  const priced = (o: TOffer) => o.available && o.cents !== null;
  let kind: TChangeKind | null = null;
  if (before.available && !after.available) kind = "out_of_stock";
  else if (!before.available && priced(after)) kind = "back_in_stock";
  else if (priced(before) && priced(after) && before.currency === after.currency && before.cents !== after.cents) {
    kind = after.cents! < before.cents! ? "drop" : "rise";
  }
  if (!kind) return null;
  const delta = kind === "drop" || kind === "rise" ? after.cents! - before.cents! : null;
  return {
    kind,
    product_id: after.productId,
    url_id: after.urlId,
    merchant: after.name,
    domain: after.domain,
    currency: after.currency,
    before_price: money(before.cents),
    after_price: money(after.cents),
    change: money(delta),
    change_percent: delta === null ? null : percentOf(delta, before.cents!),
    at: after.at.toISOString(),
  };
}

/**
 * What changed since a day or a week ago, per URL (latest reading against the latest one before that instant,
 * or against the first reading of the period for a URL first read within it): price drops and rises (same
 * currency), new
 * out-of-stock, back in stock; per product, a new cheapest merchant (the cheapest domains among the comparable
 * offers share none with those of then). Drops and rises by size (percentage, then amount), largest first.
 */
export async function getChanges(userId: string, query: TChangesQuery, now: Date = new Date()) {
  const since = new Date(now.getTime() - PERIOD_MS[query.period]);
  // a URL first read within the period is compared with its first reading of the period
  const { products, offers, then, firstRead } = await loadMarket(userId, since);
  const baseline = new Map([...then, ...firstRead]);
  const names = new Map(products.map((p) => [p.id, p.name]));
  const changes: TChange[] = [];
  for (const [urlId, before] of baseline) {
    const after = offers.get(urlId);
    const change = after ? urlChange(before, after) : null;
    if (change) changes.push({ ...change, product_name: names.get(change.product_id)!, previous_merchant: null });
  }
  for (const p of products) {
    const was = marketOf(offersOf(p, then));
    const is = marketOf(offersOf(p, offers));
    if (!was || !is) continue;
    const wasDomains = new Set(was.cheapest.map((o) => o.domain));
    if (is.cheapest.some((o) => wasDomains.has(o.domain))) continue;
    const lead = is.cheapest[0]!;
    changes.push({
      kind: "new_cheapest",
      product_id: p.id,
      product_name: p.name,
      url_id: lead.urlId,
      merchant: lead.name,
      domain: lead.domain,
      previous_merchant: was.cheapest[0]!.name,
      currency: MARKET_CURRENCY,
      before_price: money(was.min),
      after_price: money(is.min),
      change: money(is.min - was.min),
      change_percent: percentOf(is.min - was.min, was.min),
      at: lead.at.toISOString(),
    });
  }
  // the sort keys once per change: kind, then size (percentage, then amount) largest first, then product name
  const sorted = changes
    .filter((c) => query.kind === "all" || c.kind === query.kind)
    .map((c) => ({
      c,
      kind: CHANGE_KINDS.indexOf(c.kind),
      percent: Math.abs(basisPoints(c.change_percent) ?? 0),
      amount: Math.abs(basisPoints(c.change) ?? 0),
    }))
    .sort(
      (a, b) =>
        a.kind - b.kind ||
        b.percent - a.percent ||
        b.amount - a.amount ||
        compareFr(a.c.product_name, b.c.product_name),
    )
    .map((s) => s.c);
  const counts = Object.fromEntries(CHANGE_KINDS.map((k) => [k, changes.filter((c) => c.kind === k).length]));
  return {
    period: query.period,
    since: since.toISOString(),
    counts: counts as Record<TChangeKind, number>,
    total: sorted.length,
    changes: sorted.slice(0, query.limit),
  };
}

export type TChanges = Awaited<ReturnType<typeof getChanges>>;
