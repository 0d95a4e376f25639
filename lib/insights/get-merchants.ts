import { centsToDecimal, divRound, percentOf } from "@/lib/core/money";
import { basisPoints, compareFr, sortLines } from "./sort-lines";
import { loadMarket, offersOf } from "./load-market";
import { isComparable, MARKET_CURRENCY, marketOf, type TOffer } from "./market-rules";
import type { TMerchantsQuery } from "./schemas";

type TTally = {
  key: string;
  domain: string;
  merchant: string;
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
 * A source's merchant: its domain, told apart by the source's name where the user gave one of its own (a
 * marketplace seller next to the retailer on one host); a name that only repeats the domain ('Darty',
 * 'darty.com' on darty.com) is the domain's merchant.
 */
function merchantOf(o: TOffer): { key: string; named: boolean } {
  const name = o.name
    .trim()
    .toLocaleLowerCase("fr")
    .replace(/\s+/g, " ")
    .replace(/^www\./, "");
  const label = o.domain.split(".")[0];
  const own = name !== "" && name !== o.domain && name !== label;
  return { key: own ? `${o.domain} ${name}` : o.domain, named: own };
}

/**
 * The merchants of the owner's catalogue (merchantOf: by domain, 'www.' dropped, or by the source's own name): on how many products they are the cheapest
 * (among the products where they have a comparable offer; ties count for each), their average gap to 'mon prix'
 * (merchant price − my price, positive when dearer than me; the percentage is the sum of the gaps over the sum
 * of my prices), and their out-of-stock rate (share of their URLs whose latest reading is unavailable).
 * A merchant with several URLs on one product counts once there, at its lowest comparable price.
 */
export async function getMerchants(workspaceId: string, query: TMerchantsQuery) {
  const { products, offers } = await loadMarket(workspaceId);
  const tallies = new Map<string, TTally>();
  const tally = (o: TOffer) => {
    const { key, named } = merchantOf(o);
    let t = tallies.get(key);
    if (!t) {
      t = {
        key,
        domain: o.domain,
        merchant: named ? o.name.trim() : o.domain,
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
      tallies.set(key, t);
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
      const { key } = merchantOf(o);
      best.set(key, Math.min(best.get(key) ?? o.cents, o.cents));
    }
    for (const [key, cents] of best) {
      const t = tallies.get(key)!;
      t.priced += 1;
      if (cents === market.min) t.cheapest += 1;
      if (p.myCents === null) continue;
      t.compared += 1;
      t.gapSum += cents - p.myCents;
      t.mySum += p.myCents;
    }
  }

  const lines = [...tallies.values()].map((t) => ({
    merchant: t.merchant,
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
    (l) =>
      !needle ||
      l.domain.includes(needle) ||
      l.merchant.toLocaleLowerCase("fr").includes(needle) ||
      l.names.some((n) => n.toLocaleLowerCase("fr").includes(needle)),
  );
  const keys = {
    cheapest_rate: (l: (typeof lines)[number]) => basisPoints(l.cheapest_rate),
    average_gap: (l: (typeof lines)[number]) => basisPoints(l.average_gap_percent),
    out_of_stock_rate: (l: (typeof lines)[number]) => basisPoints(l.out_of_stock_rate),
    products: (l: (typeof lines)[number]) => l.products,
    domain: (l: (typeof lines)[number]) => l.domain,
  };
  const order = query.order ?? (query.sort === "domain" ? "asc" : "desc");
  const tie = (l: (typeof lines)[number]) => `${l.domain} ${l.merchant}`;
  return { currency: MARKET_CURRENCY, merchants: sortLines(filtered, keys[query.sort], order, tie) };
}

export type TMerchants = Awaited<ReturnType<typeof getMerchants>>;
