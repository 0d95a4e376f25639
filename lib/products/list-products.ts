import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { parisDay } from "@/lib/core/paris-wall-clock";
import { presentIdentity } from "./present-product";

/** Days of a product card's sparkline, today (Europe/Paris) included. */
export const SPARKLINE_DAYS = 30;

type Row = {
  id: string;
  name: string;
  description: string | null;
  reference_price: string | null;
  min_advertised_price: string | null;
  sku: string | null;
  gtins: string[];
  brand: string | null;
  mpn: string | null;
  category: string | null;
  tags: string[];
  image_url: string | null;
  cost_price: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  url_count: number | string;
  lowest_price: string | null;
  uncertain_count: number | string;
  paused_count: number | string;
  failed_count: number | string;
  sparkline_from: string | null;
  sparkline: (number | string | null)[] | string | null;
};

const DAY = 86_400_000;

/**
 * products.sparkline (30 days from sparkline_from) moved to the 30 days ending today, each day without a price
 * carrying the previous one; null before the first.
 */
function sparkline(from: string | null, stored: Row["sparkline"], today: string): (number | null)[] {
  const days: (number | null)[] = Array(SPARKLINE_DAYS).fill(null);
  if (!from || !stored) return days;
  const values = Array.isArray(stored)
    ? stored
    : stored
        .replace(/^\{|\}$/g, "")
        .split(",")
        .map((v) => (v === "NULL" ? null : v));
  const shift = Math.round((Date.parse(today) - Date.parse(from)) / DAY) - (SPARKLINE_DAYS - 1);
  const carried: (number | null)[] = [];
  for (const v of values) {
    // a day without a price: null, or its text form depending on the driver
    const n = v === null || v === undefined || v === "" ? Number.NaN : Number(v);
    carried.push(Number.isFinite(n) ? n : (carried.at(-1) ?? null));
  }
  for (let at = 0; at < SPARKLINE_DAYS; at++) {
    const i = at + shift;
    days[at] = i < 0 ? null : (carried[Math.min(i, carried.length - 1)] ?? null);
  }
  return days;
}

/**
 * GET /api/products: what the grid shows for each of the owner's products (newest first), not every URL's
 * record: its URL count, the lowest latest available price in euros (`lowest_price`, null when none), how
 * many of its URLs await the user's choice of price (`uncertain_count`, status 'Prix incertain'), are paused
 * (`paused_count`, plan limit) or failed their last reading (`failed_count`), and the
 * sparkline of the lowest price of each of the last 30 days in cents (`sparkline`, oldest first).
 * One query over products_user_created_idx and product_urls' latest_* columns, the sparkline kept on the
 * product row: its cost does not depend on the history size. The detail is GET /api/products/{id}.
 */
export async function listProducts(workspaceId: string) {
  const db = await getDb();
  const rows = await queryRows<Row>(
    db,
    sql`select p.id, p.name, p.description, p.reference_price, p.min_advertised_price, p.created_at, p.updated_at,
               p.sku, p.brand, p.mpn, p.category, to_json(p.tags) as tags, p.image_url, p.cost_price,
               (select coalesce(json_agg(g.code order by g.position), '[]'::json)
                  from product_gtins g where g.product_id = p.id) as gtins,
               to_char(p.sparkline_from, 'YYYY-MM-DD') as sparkline_from, p.sparkline,
               count(u.id) as url_count,
               min(u.latest_price) filter (
                 where u.latest_available and coalesce(nullif(trim(u.latest_currency), ''), 'EUR') = 'EUR'
               ) as lowest_price,
               count(u.id) filter (where u.last_status = 'uncertain') as uncertain_count,
               count(u.id) filter (where u.paused or u.last_status = 'paused') as paused_count,
               count(u.id) filter (
                 where not u.paused and u.last_status in ('no_price', 'blocked', 'unreachable', 'error')
               ) as failed_count
          from products p
          left join product_urls u on u.product_id = p.id
         where p.workspace_id = ${workspaceId}
         group by p.id
         order by p.created_at desc, p.id desc`,
  );
  const today = parisDay(new Date());
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    reference_price: p.reference_price,
    min_advertised_price: p.min_advertised_price,
    ...presentIdentity({
      sku: p.sku,
      gtins: p.gtins,
      brand: p.brand,
      mpn: p.mpn,
      category: p.category,
      tags: p.tags,
      imageUrl: p.image_url,
      costPrice: p.cost_price,
    }),
    created_at: new Date(p.created_at),
    updated_at: new Date(p.updated_at),
    url_count: Number(p.url_count),
    lowest_price: p.lowest_price,
    uncertain_count: Number(p.uncertain_count),
    paused_count: Number(p.paused_count),
    failed_count: Number(p.failed_count),
    sparkline: sparkline(p.sparkline_from, p.sparkline, today),
  }));
}
