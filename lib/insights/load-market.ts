import { sql } from "drizzle-orm";
import { type DbLike, getDb, queryRows } from "@/db";
import { getLatestReadings } from "@/lib/history/get-latest-readings";
import { getRetentionCutoff } from "@/lib/history/get-retention-cutoff";
import { toCents } from "@/lib/history/money";
import { type TOffer, toOffer } from "./market-rules";

export type TMarketProduct = { id: string; name: string; myCents: number | null; urlIds: string[] };
export type TMarketUrl = { id: string; productId: string; name: string; url: string };

type Row = {
  product_id: string;
  product_name: string;
  reference_price: string | null;
  url_id: string | null;
  url_name: string | null;
  url: string | null;
  reading_id: string | number | null;
  price: string | null;
  currency: string | null;
  available: boolean | null;
  at: Date | string | null;
};

/**
 * The owner's products with their URLs and each URL's latest retained reading, in one statement over products
 * and product_urls' latest_* copy (no price_history access). Products by name.
 */
export async function loadMarket(userId: string) {
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(userId, db);
  const rows = await queryRows<Row>(
    db,
    sql`select p.id as product_id, p.name as product_name, p.reference_price,
               u.id as url_id, u.name as url_name, u.url, u.latest_reading_id as reading_id,
               u.latest_price as price, u.latest_currency as currency, u.latest_available as available,
               u.latest_at as at
          from products p
          left join product_urls u on u.product_id = p.id and u.user_id = p.user_id
         where p.user_id = ${userId}
         order by p.name, p.id, u.name, u.id`,
  );
  const products = new Map<string, TMarketProduct>();
  const urls: TMarketUrl[] = [];
  const offers = new Map<string, TOffer>();
  for (const r of rows) {
    let product = products.get(r.product_id);
    if (!product) {
      product = { id: r.product_id, name: r.product_name, myCents: positive(r.reference_price), urlIds: [] };
      products.set(r.product_id, product);
    }
    if (!r.url_id) continue;
    const url = { id: r.url_id, productId: r.product_id, name: r.url_name ?? "", url: r.url ?? "" };
    product.urlIds.push(url.id);
    urls.push(url);
    const at = r.at === null ? null : new Date(r.at);
    if (r.reading_id === null || at === null || (cutoff && at < cutoff)) continue;
    offers.set(
      url.id,
      toOffer(url, { id: Number(r.reading_id), price: r.price, currency: r.currency, available: !!r.available, at }),
    );
  }
  return { db, cutoff, products: [...products.values()], urls, offers };
}

/** The URL ids as one array parameter (ids read from the database, never from the request). */
const idArray = (ids: Iterable<string>) => sql`${`{${[...ids].join(",")}}`}::uuid[]`;

/** A reference price of 0 is no reference: an index or a percentage of it means nothing. */
function positive(value: string | null): number | null {
  const cents = toCents(value);
  return cents !== null && cents > 0 ? cents : null;
}

/** Each URL's latest retained reading strictly before `before` (one index probe per URL). */
export async function offersBefore(
  db: DbLike,
  urls: TMarketUrl[],
  cutoff: Date | null,
  before: Date,
): Promise<Map<string, TOffer>> {
  const byId = new Map(urls.map((u) => [u.id, u]));
  const readings = await getLatestReadings(db, [...byId.keys()], { cutoff, before });
  const offers = new Map<string, TOffer>();
  for (const [urlId, r] of readings) {
    offers.set(urlId, toOffer(byId.get(urlId)!, { ...r, at: r.created_at }));
  }
  return offers;
}

/**
 * Each URL's first reading at or after `since` (one probe of price_history_url_latest_idx, read backwards):
 * the baseline of a URL first read within the period.
 */
export async function firstOffersSince(db: DbLike, urls: TMarketUrl[], since: Date): Promise<Map<string, TOffer>> {
  if (urls.length === 0) return new Map<string, TOffer>();
  const byId = new Map(urls.map((u) => [u.id, u]));
  const rows = await queryRows<ReadingRow>(
    db,
    sql`select u.id as url_id, r.id, r.price, r.currency, r.available, r.created_at as at
          from unnest(${idArray(byId.keys())}) as u(id)
          cross join lateral (
            select h.id, h.price, h.currency, h.available, h.created_at
              from price_history h
             where h.url_id = u.id and h.created_at >= ${since.toISOString()}::timestamptz
             order by h.created_at, h.id
             limit 1
          ) r`,
  );
  return collect(rows, byId);
}

function collect(rows: ReadingRow[], byId: Map<string, TMarketUrl>) {
  const offers = new Map<string, TOffer>();
  for (const r of rows) {
    const reading = {
      id: Number(r.id),
      price: r.price,
      currency: r.currency,
      available: r.available,
      at: new Date(r.at),
    };
    offers.set(r.url_id, toOffer(byId.get(r.url_id)!, reading));
  }
  return offers;
}

type ReadingRow = {
  url_id: string;
  id: string | number;
  price: string | null;
  currency: string | null;
  available: boolean;
  at: Date | string;
};

export type TLoadedMarket = Awaited<ReturnType<typeof loadMarket>>;

export const offersOf = (p: TMarketProduct, offers: Map<string, TOffer>) =>
  p.urlIds.flatMap((id) => offers.get(id) ?? []);
