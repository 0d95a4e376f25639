import { centsToDecimal, divRound, percentOf } from "@/lib/history/money";
import { basisPoints, compareFr, sortLines } from "./sort-lines";
import { loadMarket, offersOf } from "./load-market";
import { isComparable, MARKET_CURRENCY, marketOf, type TOffer } from "./market-rules";
import type { TMerchantsQuery } from "./schemas";

type TTally = {
  domain: string;
  names: Set<string>;
  urls: number;
  outOfStock: number;
  products: Set<string>;
  priced: number;
  cheapest: number;
  compared: number;
  gapSum: number;
  mySum: number;
};

/**
 * The merchants of the owner's catalogue by domain ('www.' dropped): on how many products they are the cheapest
 * (among the products where they have a comparable offer; ties count for each), their average gap to 'mon prix'
 * (merchant price − my price, positive when dearer than me; the percentage is the sum of the gaps over the sum
 * of my prices), and their out-of-stock rate (share of their URLs whose latest reading is unavailable).
 * A merchant with several URLs on one product counts once there, at its lowest comparable price.
 */
export async function getMerchants(userId: string, query: TMerchantsQuery) {
  const { products, offers } = await loadMarket(userId);
  const tallies = new Map<string, TTally>();
  const tally = (o: TOffer) => {
    let t = tallies.get(o.domain);
    if (!t) {
      t = {
        domain: o.domain,
        names: new Set(),
        urls: 0,
        outOfStock: 0,
        products: new Set(),
        priced: 0,
        cheapest: 0,
        compared: 0,
        gapSum: 0,
        mySum: 0,
      };
      tallies.set(o.domain, t);
    }
    return t;
  };
  for (const o of offers.values()) {
    const t = tally(o);
    t.names.add(o.name);
    t.urls += 1;
    if (!o.available) t.outOfStock += 1;
    t.products.add(o.productId);
  }
  for (const p of products) {
    const productOffers = offersOf(p, offers);
    const market = marketOf(productOffers);
    if (!market) continue;
    const best = new Map<string, number>();
    for (const o of productOffers.filter(isComparable)) {
      best.set(o.domain, Math.min(best.get(o.domain) ?? o.cents, o.cents));
    }
    for (const [domain, cents] of best) {
      const t = tallies.get(domain)!;
      t.priced += 1;
      if (cents === market.min) t.cheapest += 1;
      if (p.myCents === null) continue;
      t.compared += 1;
      t.gapSum += cents - p.myCents;
      t.mySum += p.myCents;
    }
  }

  const lines = [...tallies.values()].map((t) => ({
    domain: t.domain,
    names: [...t.names].sort(compareFr),
    urls: t.urls,
    products: t.products.size,
    priced_products: t.priced,
    cheapest_count: t.cheapest,
    cheapest_rate: percentOf(t.cheapest, t.priced),
    compared_products: t.compared,
    average_gap: t.compared ? centsToDecimal(divRound(t.gapSum, t.compared)) : null,
    average_gap_percent: t.compared ? percentOf(t.gapSum, t.mySum) : null,
    out_of_stock: t.outOfStock,
    out_of_stock_rate: percentOf(t.outOfStock, t.urls),
  }));
  const needle = query.q?.toLocaleLowerCase("fr");
  const filtered = lines.filter(
    (l) => !needle || l.domain.includes(needle) || l.names.some((n) => n.toLocaleLowerCase("fr").includes(needle)),
  );
  const keys = {
    cheapest_rate: (l: (typeof lines)[number]) => basisPoints(l.cheapest_rate),
    average_gap: (l: (typeof lines)[number]) => basisPoints(l.average_gap_percent),
    out_of_stock_rate: (l: (typeof lines)[number]) => basisPoints(l.out_of_stock_rate),
    products: (l: (typeof lines)[number]) => l.products,
    domain: (l: (typeof lines)[number]) => l.domain,
  };
  const order = query.order ?? (query.sort === "domain" ? "asc" : "desc");
  return { currency: MARKET_CURRENCY, merchants: sortLines(filtered, keys[query.sort], order, (l) => l.domain) };
}

export type TMerchants = Awaited<ReturnType<typeof getMerchants>>;
