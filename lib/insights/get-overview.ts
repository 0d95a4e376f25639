import { getDb } from "@/db";
import { centsToDecimal, percentOf } from "@/lib/core/money";
import { readReadingOffers, type TReadingOffer } from "@/lib/history";
import { loadOverviewPage, loadOverviewSummary, marketRows, type TPositionRow } from "./load-positions";
import { loadTrend, TREND_DAYS } from "./load-trend";
import { MARKET_CURRENCY, positionOf } from "./market-rules";
import { catalogueIndex, indexTrend } from "./price-index";
import type { TOverviewQuery } from "./schemas";

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

function productLine(p: TPositionRow) {
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
      seller: null as string | null,
      reading_id: o.readingId,
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

type TLineWithReadings = ReturnType<typeof productLine>;

async function withSellers(lines: TLineWithReadings[]) {
  const sellers: Map<number, TReadingOffer> = await readReadingOffers(
    await getDb(),
    lines.flatMap((l) => l.cheapest_merchants.map((m) => m.reading_id)),
  );
  return lines.map((l) => ({
    ...l,
    cheapest_merchants: l.cheapest_merchants.map(({ reading_id, ...m }) => ({
      ...m,
      seller: sellers.get(reading_id)?.seller ?? null,
    })),
  }));
}

export type TOverviewLine = Awaited<ReturnType<typeof withSellers>>[number];

/**
 * The 'Vue marché' positioning of the owner's products that have 'mon prix': per product the market (min,
 * average, max of the comparable offers), my position, my gaps to the cheapest and to the average, my index;
 * over the catalogue the price index now and at the end of the (Paris) day 7 and 30 days ago. Filters, sort and
 * page apply to the lines only, in SQL (load-positions.ts): the summary always covers the whole catalogue.
 */
export async function getOverview(workspaceId: string, query: TOverviewQuery, now: Date = new Date()) {
  const basis = query.basis ?? "price";
  const filter = { basis, position: query.position, q: query.q };
  const rows = await marketRows(workspaceId, basis);
  const summary = await loadOverviewSummary(rows, workspaceId, filter);
  const trend = await loadTrend(rows, workspaceId, TREND_DAYS, now);
  const order = query.order ?? (query.sort === "name" || query.sort === "position" ? "asc" : "desc");
  const offset = query.offset ?? 0;
  // the dashboard asks the summary alone (limit 0); the page's sellers are read for its lines only
  const page =
    query.limit === 0 ? [] : await loadOverviewPage(rows, { ...filter, sort: query.sort, order }, query.limit, offset);
  const products = await withSellers(page.map(productLine));
  const compared = summary.priced - summary.positions.no_market;

  return {
    currency: MARKET_CURRENCY,
    basis,
    summary: {
      products: summary.products,
      with_reference_price: summary.priced,
      compared,
      positions: summary.positions,
      price_index: catalogueIndex({ products: compared, mySum: summary.mySum, avgSum: summary.avgSum }),
      // the trend compares item prices at both ends (the history has no shipping by day), whatever the basis
      trend: trend.map((t) => ({
        days: t.days,
        products: t.products,
        ...indexTrend(t),
      })),
    },
    // the lines matching the filters, of which `products` is the page from `offset`
    total_lines: summary.lines,
    offset,
    products,
  };
}

export type TOverview = Awaited<ReturnType<typeof getOverview>>;
