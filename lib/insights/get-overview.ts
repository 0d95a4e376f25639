import { getDb } from "@/db";
import { centsToDecimal, percentOf } from "@/lib/core/money";
import { readReadingOffers, type TReadingOffer } from "@/lib/history";
import { loadPositions, type TPositionRow } from "./load-positions";
import { MARKET_CURRENCY, positionOf } from "./market-rules";
import { catalogueIndex, indexTrend } from "./price-index";
import { POSITIONS, type TOverviewQuery } from "./schemas";
import { basisPoints, sortLines } from "./sort-lines";

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

const TREND_DAYS = [7, 30];

function productLine(p: TPositionRow & { myCents: number }, sellers: Map<number, TReadingOffer>) {
  const market = p.market;
  const gapCheapest = market ? p.myCents - market.min : null;
  const gapAverage = market ? p.myCents - market.avg : null;
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
    cheapest_merchants: p.cheapest.map((o) => ({
      url_id: o.urlId,
      name: o.name,
      domain: o.domain,
      seller: sellers.get(o.readingId)?.seller ?? null,
    })),
    // comparable offers without stated shipping (on the total basis, counted at their price alone)
    shipping_unknown: p.shippingUnknown,
    gap_to_cheapest: money(gapCheapest),
    gap_to_cheapest_percent: market && gapCheapest !== null ? percentOf(gapCheapest, market.min) : null,
    gap_to_average: money(gapAverage),
    gap_to_average_percent: market && gapAverage !== null ? percentOf(gapAverage, market.avg) : null,
    price_index: market ? percentOf(p.myCents, market.avg) : null,
    out_of_stock: p.outOfStock,
    other_currency: p.otherCurrency,
    checked_at: p.checkedAt ? p.checkedAt.toISOString() : null,
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
export async function getOverview(workspaceId: string, query: TOverviewQuery, now: Date = new Date()) {
  const products = await loadPositions(workspaceId, TREND_DAYS, now, query.basis ?? "price");
  const priced = products.filter((p): p is TPositionRow & { myCents: number } => p.myCents !== null);
  const sellers = await readReadingOffers(
    await getDb(),
    priced.flatMap((p) => p.cheapest.map((o) => o.readingId)),
  );
  const all = priced.map((p) => productLine(p, sellers));

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
    basis: query.basis ?? "price",
    summary: {
      products: products.length,
      with_reference_price: priced.length,
      compared: all.length - positions.no_market!,
      positions,
      price_index: catalogueIndex(priced.flatMap((p) => (p.market ? [{ my: p.myCents, avg: p.market.avg }] : []))),
      // the trend compares item prices at both ends (the history has no shipping by day), whatever the basis
      trend: TREND_DAYS.map((days) =>
        indexTrend(
          days,
          priced.map((p) => ({ ...p, market: p.priceAvg === null ? null : { avg: p.priceAvg } })),
        ),
      ),
    },
    products: sortLines(lines, SORT_KEY[query.sort], order, (l) => l.name),
  };
}

export type TOverview = Awaited<ReturnType<typeof getOverview>>;
