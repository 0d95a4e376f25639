import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { toCents } from "@/lib/history/money";

/** Days of a product card's sparkline, today (Europe/Paris) included. */
export const SPARKLINE_DAYS = 30;

type Row = {
  id: string;
  name: string;
  description: string | null;
  reference_price: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  url_count: number | string;
  lowest_price: string | null;
  uncertain_count: number | string;
  /** "day offset:price" pairs of the days with a price, e.g. {"0:12.50","3:11.99"} */
  spark: string[] | string | null;
};

/** The lowest price of each of the last 30 days, carried over the days without a reading; null before the first. */
function sparkline(spark: Row["spark"]): (number | null)[] {
  const days: (number | null)[] = Array(SPARKLINE_DAYS).fill(null);
  const pairs = Array.isArray(spark)
    ? spark
    : (spark ?? "")
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean);
  for (const pair of pairs) {
    const [day, price] = pair.replace(/"/g, "").split(":");
    days[Number(day)] = toCents(price);
  }
  for (let i = 1; i < days.length; i++) days[i] ??= days[i - 1]!;
  return days;
}

/**
 * GET /api/products: what the grid shows for each of the owner's products (newest first), not every URL's
 * record: its URL count, the lowest latest available price in euros (`lowest_price`, null when none), how
 * many of its URLs await the user's choice of price (`uncertain_count`, status 'Prix incertain') and the
 * sparkline of the lowest price of each of the last 30 days in cents (`sparkline`, oldest first).
 * One query over products_user_created_idx, product_urls' latest_* columns and at most 30 price_daily rows per
 * URL, whatever the history size. The detail (URLs, statuses, latest readings) is GET /api/products/{id}.
 */
export async function listProducts(userId: string) {
  const db = await getDb();
  const rows = await queryRows<Row>(
    db,
    sql`with since as (
          select (now() at time zone 'Europe/Paris')::date - ${SPARKLINE_DAYS - 1}::int as day
        )
        select p.id, p.name, p.description, p.reference_price, p.created_at, p.updated_at,
               count(u.id) as url_count,
               min(u.latest_price) filter (
                 where u.latest_available and coalesce(nullif(trim(u.latest_currency), ''), 'EUR') = 'EUR'
               ) as lowest_price,
               count(u.id) filter (where u.last_status = 'uncertain') as uncertain_count,
               (select array_agg(s.i || ':' || s.m order by s.i)
                  from (select d.day - since.day as i, min(d.min_price) as m
                          from product_urls su
                          join price_daily d on d.url_id = su.id and d.day >= since.day
                         where su.product_id = p.id and coalesce(nullif(trim(d.last_currency), ''), 'EUR') = 'EUR'
                         group by d.day) s
                 where s.m is not null) as spark
          from since, products p
          left join product_urls u on u.product_id = p.id
         where p.user_id = ${userId}
         group by p.id, since.day
         order by p.created_at desc, p.id desc`,
  );
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    reference_price: p.reference_price,
    created_at: new Date(p.created_at),
    updated_at: new Date(p.updated_at),
    url_count: Number(p.url_count),
    lowest_price: p.lowest_price,
    uncertain_count: Number(p.uncertain_count),
    sparkline: sparkline(p.spark),
  }));
}
