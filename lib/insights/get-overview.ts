import { centsToDecimal, percentOf } from "@/lib/history/money";
import { getRetentionCutoff } from "@/lib/history/get-retention-cutoff";
import { loadMarket, offersAtEndOfDays, type TMarketProduct } from "./load-market";
import { isComparable, MARKET_CURRENCY, marketOf, positionOf, type TOffer } from "./market-rules";
import { catalogueIndex, indexTrend, offersOf } from "./price-index";
import { POSITIONS, type TOverviewQuery } from "./schemas";
import { basisPoints, sortLines } from "./sort-lines";

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

function productLine(p: TMarketProduct & { myCents: number }, offers: Map<string, TOffer>) {
  const all = offersOf(p, offers);
  const market = marketOf(all);
  const gapCheapest = market ? p.myCents - market.min : null;
  const gapAverage = market ? p.myCents - market.avg : null;
  const checked = all.reduce<Date | null>((a, o) => (a && a > o.at ? a : o.at), null);
  return {
    product_id: p.id,
    name: p.name,
    my_price: centsToDecimal(p.myCents),
    position: positionOf(p.myCents, market),
    market: {
      count: market?.count ?? 0,
      min: money(market?.min ?? null),
      avg: money(market?.avg ?? null),
      max: money(market?.max ?? null),
    },
    cheapest_merchants: (market?.cheapest ?? []).map((o) => ({ url_id: o.urlId, name: o.name, domain: o.domain })),
    gap_to_cheapest: money(gapCheapest),
    gap_to_cheapest_percent: market && gapCheapest !== null ? percentOf(gapCheapest, market.min) : null,
    gap_to_average: money(gapAverage),
    gap_to_average_percent: market && gapAverage !== null ? percentOf(gapAverage, market.avg) : null,
    price_index: market ? percentOf(p.myCents, market.avg) : null,
    out_of_stock: all.filter((o) => !o.available).length,
    other_currency: all.filter((o) => o.available && o.cents !== null && !isComparable(o)).length,
    checked_at: checked ? checked.toISOString() : null,
  };
}

export type TOverviewLine = ReturnType<typeof productLine>;

const SORT_KEY: Record<TOverviewQuery["sort"], (l: TOverviewLine) => number | string | null> = {
  gap_to_cheapest: (l) => basisPoints(l.gap_to_cheapest_percent),
  gap_to_average: (l) => basisPoints(l.gap_to_average_percent),
  price_index: (l) => basisPoints(l.price_index),
  position: (l) => POSITIONS.indexOf(l.position),
  name: (l) => l.name.toLocaleLowerCase("fr"),
};

/**
 * The 'Vue marché' positioning of the owner's products that have 'mon prix': per product the market (min,
 * average, max of the comparable offers), my position, my gaps to the cheapest and to the average, my index;
 * over the catalogue the price index now and at the end of the (Paris) day 7 and 30 days ago. Filters and sort apply to the lines only: the
 * summary always covers the whole catalogue.
 */
export async function getOverview(userId: string, query: TOverviewQuery, now: Date = new Date()) {
  // the trend statement runs next to the catalogue's (both only need the owner and the retention)
  const [{ products, offers }, trend] = await Promise.all([
    loadMarket(userId),
    getRetentionCutoff(userId).then(({ cutoff }) => offersAtEndOfDays(userId, now, [7, 30], cutoff)),
  ]);
  const priced = products.filter((p): p is TMarketProduct & { myCents: number } => p.myCents !== null);
  const all = priced.map((p) => productLine(p, offers));

  const positions = Object.fromEntries(POSITIONS.map((k) => [k, all.filter((l) => l.position === k).length]));
  const needle = query.q?.toLocaleLowerCase("fr");
  const lines = all.filter(
    (l) =>
      (query.position === "all" || l.position === query.position) &&
      (!needle || l.name.toLocaleLowerCase("fr").includes(needle)),
  );
  const order = query.order ?? (query.sort === "name" || query.sort === "position" ? "asc" : "desc");

  return {
    currency: MARKET_CURRENCY,
    summary: {
      products: products.length,
      with_reference_price: priced.length,
      compared: all.length - positions.no_market!,
      positions,
      price_index: catalogueIndex(
        priced.flatMap((p) => {
          const m = marketOf(offersOf(p, offers));
          return m ? [{ my: p.myCents, avg: m.avg }] : [];
        }),
      ),
      trend: [7, 30].map((days) => indexTrend(days, priced, offers, trend.get(days)!)),
    },
    products: sortLines(lines, SORT_KEY[query.sort], order, (l) => l.name),
  };
}

export type TOverview = Awaited<ReturnType<typeof getOverview>>;
