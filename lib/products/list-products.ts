import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";

type Row = {
  id: string;
  name: string;
  description: string | null;
  reference_price: string | null;
  min_advertised_price: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  url_count: number | string;
  lowest_price: string | null;
  uncertain_count: number | string;
};

/**
 * GET /api/products: what the grid shows for each of the owner's products (newest first), not every URL's
 * record: its URL count, the lowest latest available price in euros (`lowest_price`, null when none) and how
 * many of its URLs await the user's choice of price (`uncertain_count`, status 'Prix incertain').
 * One query over products_user_created_idx and product_urls' latest_* columns, whatever the history size.
 * The detail (URLs, statuses, latest readings) is GET /api/products/{id}.
 */
export async function listProducts(userId: string) {
  const db = await getDb();
  const rows = await queryRows<Row>(
    db,
    sql`select p.id, p.name, p.description, p.reference_price, p.min_advertised_price, p.created_at, p.updated_at,
               count(u.id) as url_count,
               min(u.latest_price) filter (
                 where u.latest_available and coalesce(nullif(trim(u.latest_currency), ''), 'EUR') = 'EUR'
               ) as lowest_price,
               count(u.id) filter (where u.last_status = 'uncertain') as uncertain_count
          from products p
          left join product_urls u on u.product_id = p.id
         where p.user_id = ${userId}
         group by p.id
         order by p.created_at desc, p.id desc`,
  );
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    reference_price: p.reference_price,
    min_advertised_price: p.min_advertised_price,
    created_at: new Date(p.created_at),
    updated_at: new Date(p.updated_at),
    url_count: Number(p.url_count),
    lowest_price: p.lowest_price,
    uncertain_count: Number(p.uncertain_count),
  }));
}
