import { centsToDecimal, percentOf } from "@/lib/core/money";
import { loadMarket, offersOf } from "./load-market";
import { MARKET_CURRENCY, marketOf, merchantKey, type TOffer } from "./market-rules";
import { basisPoints, compareFr } from "./sort-lines";
import { type TBasis, CHANGE_KINDS, type TChangeKind, type TChangePeriod, type TChangesQuery } from "./schemas";

const PERIOD_MS = { day: 86_400_000, week: 7 * 86_400_000 } as const;

export type TChange = {
  kind: TChangeKind;
  product_id: string;
  product_name: string;
  url_id: string | null;
  merchant: string;
  domain: string;
  previous_merchant: string | null;
  /** The marketplace seller of the offer now, and then (a buy-box gone to another seller says so). */
  seller: string | null;
  previous_seller: string | null;
  currency: string;
  before_price: string | null;
  after_price: string | null;
  change: string | null;
  change_percent: string | null;
  at: string;
};

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

/**
 * The line of one URL's change, classified in SQL (changeCandidates). The line is built whole in one literal (a
 * spread copy of each line cost more than comparing them).
 */
function urlChange(kind: TChangeKind, before: TOffer, after: TOffer, productName: string): TChange {
  const delta = kind === "drop" || kind === "rise" ? after.amount! - before.amount! : null;
  return {
    kind,
    product_id: after.productId,
    url_id: after.urlId,
    merchant: after.name,
    domain: after.domain,
    currency: after.currency,
    before_price: money(before.amount),
    after_price: money(after.amount),
    change: money(delta),
    change_percent: delta === null ? null : percentOf(delta, before.amount!),
    at: after.at.toISOString(),
    product_name: productName,
    previous_merchant: null,
    seller: after.seller,
    previous_seller: before.seller,
  };
}

/** What computeChanges reads: a period, a basis, the kind asked ('all': each one) and how many lines of each. */
type TChangesPick = { period: TChangePeriod; basis: TBasis; kind: "all" | TChangeKind; limit: number };

/**
 * What changed since a day or a week ago, per URL (latest reading against the latest one before that instant,
 * or against the first reading of the period for a URL first read within it): drops and rises of the amount on
 * the basis (the price, or price plus shipping; same currency), new out-of-stock, back in stock; per product, a
 * new cheapest merchant (the cheapest merchants among the comparable offers — a domain, a marketplace's seller on
 * it — share none with those of then). Every change is counted; of the kind asked (each kind for 'all'), the first
 * `limit` lines in the list's order: by kind, then size (percentage, then amount) largest first, then product name.
 * `listedUrls`: the URLs read to find them (the work, which grows with what moved in the period).
 */
export async function computeChanges(workspaceId: string, pick: TChangesPick, now: Date) {
  const since = new Date(now.getTime() - PERIOD_MS[pick.period]);
  const { basis, kind, limit } = pick;
  const market = await loadMarket(workspaceId, { since, kind, limit, basis }, now);
  const { products, offers, then, firstRead, kinds, cheapestMoved } = market;
  // a URL first read within the period is compared with its first reading of the period
  const baseline = new Map([...then, ...firstRead]);
  const names = new Map(products.map((p) => [p.id, p.name]));
  const changes: TChange[] = [];
  for (const [urlId, before] of baseline) {
    const after = offers.get(urlId);
    const kind = kinds.get(urlId);
    if (after && kind) changes.push(urlChange(kind, before, after, names.get(after.productId)!));
  }
  for (const p of products) {
    // those products come with their cheapest offers then and now (enough for both markets' minimum and cheapest)
    if (!cheapestMoved.has(p.id)) continue;
    const was = marketOf(offersOf(p, then));
    const is = marketOf(offersOf(p, offers));
    if (!was || !is) continue;
    const wasMerchants = new Set(was.cheapest.map(merchantKey));
    if (is.cheapest.some((o) => wasMerchants.has(merchantKey(o)))) continue;
    const lead = is.cheapest[0]!;
    changes.push({
      kind: "new_cheapest",
      product_id: p.id,
      product_name: p.name,
      url_id: lead.urlId,
      merchant: lead.name,
      domain: lead.domain,
      previous_merchant: was.cheapest[0]!.name,
      seller: lead.seller,
      previous_seller: was.cheapest[0]!.seller,
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
    .filter((c) => kind === "all" || c.kind === kind)
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
  // the URLs' changes counted in SQL (only a page of them reaches Node), the new cheapest ones here
  const newCheapest = changes.filter((c) => c.kind === "new_cheapest").length;
  const counts = Object.fromEntries(
    CHANGE_KINDS.map((k) => [k, k === "new_cheapest" ? newCheapest : market.urlCounts(k)]),
  ) as Record<TChangeKind, number>;
  // each kind's first `limit` lines (the SQL ranked each kind apart; the new cheapest are all here)
  const taken = new Map<TChangeKind, number>();
  const lines = sorted.filter((c) => {
    const n = (taken.get(c.kind) ?? 0) + 1;
    taken.set(c.kind, n);
    return n <= limit;
  });
  return { since, counts, lines, listedUrls: market.listedUrls };
}

/** The changes' answer: counts of every kind, and the first `limit` lines of the kind asked. */
export function changesAnswer(
  query: TChangesQuery,
  found: { since: Date; counts: Record<TChangeKind, number>; lines: TChange[]; asOf: Date | null },
) {
  const { counts } = found;
  return {
    period: query.period,
    basis: query.basis ?? "price",
    since: found.since.toISOString(),
    // when the answer was computed, for a large catalogue's (computed once a minute); null: computed for this request
    as_of: found.asOf?.toISOString() ?? null,
    counts,
    total: query.kind === "all" ? CHANGE_KINDS.reduce((n, k) => n + counts[k], 0) : counts[query.kind],
    changes: found.lines.slice(0, query.limit),
  };
}

/** The changes as of `now`, computed for this call (a report's, a test's); the routes read readChanges. */
export async function getChanges(workspaceId: string, query: TChangesQuery, now: Date = new Date()) {
  const found = await computeChanges(workspaceId, { ...query, basis: query.basis ?? "price" }, now);
  return changesAnswer(query, { ...found, asOf: null });
}

export type TChanges = ReturnType<typeof changesAnswer>;
