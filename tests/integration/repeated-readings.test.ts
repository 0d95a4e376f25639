import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type DbLike, getDb, queryRows } from "@/db";
import { signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";

// A reading repeating its URL's latest value (price, currency, availability, shipping, seller) runs only what
// depends on it (migration 0046): the URL's latest copy, the product_market rows it dates and its day's price_daily
// row. Every rollup stays what a recomputation from scratch gives, through repeats, new values and corrections.

type TRow = Record<string, unknown>;
let workspaceId: string;

const rows = (db: DbLike, query: SQL) => queryRows<TRow>(db, query);

/** Every rollup a reading feeds, for the workspace. */
async function rollups(db: DbLike) {
  const w = workspaceId;
  return {
    urls: await rows(
      db,
      sql`select id, latest_reading_id::text, latest_price, latest_available, latest_seller, changed_at, prev_price,
                 prev_currency, prev_available, prev_shipping, prev_seller, prev_changed_at
            from product_urls where workspace_id = ${w} order by id`,
    ),
    market: await rows(
      db,
      sql`select product_id, basis, n, min_cents, sum_cents, max_cents, price_sum_cents, shipping_unknown, cheapest,
                 out_of_stock, other_currency, checked_at, oldest_at, my_cents, name_key
            from product_market where workspace_id = ${w} order by product_id, basis`,
    ),
    merchants: await rows(
      db,
      sql`select product_id, basis, domain, own, seller, own_name, names, urls, out_of_stock, cents, cheapest, my_cents
            from product_merchants where workspace_id = ${w} order by product_id, basis, domain, own`,
    ),
    products: await rows(
      db,
      sql`select id, url_count, lowest_price, uncertain_count, paused_count, failed_count, blocked_count, sparkline_from,
                 sparkline
            from products where workspace_id = ${w} order by id`,
    ),
    daily: await rows(
      db,
      sql`select d.* from price_daily d join product_urls u on u.id = d.url_id
           where u.workspace_id = ${w} order by d.url_id, d.day`,
    ),
  };
}

/** The same rollups recomputed from the readings by each one's own refresh, in a transaction rolled back. */
async function recomputed() {
  const db = await getDb();
  const w = workspaceId;
  let fresh: Awaited<ReturnType<typeof rollups>> | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`select product_urls_changed_refresh(array(
        select id from product_urls where workspace_id = ${w} and latest_reading_id is not null))`);
      await tx.execute(sql`select price_daily_recompute(array_agg(k.url_id), array_agg(k.day))
        from (select distinct h.url_id, (h.created_at at time zone 'Europe/Paris')::date as day
                from price_history h join product_urls u on u.id = h.url_id where u.workspace_id = ${w}) k`);
      await tx.execute(sql`delete from product_market where workspace_id = ${w}`);
      await tx.execute(sql`delete from product_merchants where workspace_id = ${w}`);
      const ids = sql`array(select id from products where workspace_id = ${w})`;
      await tx.execute(sql`select product_market_refresh(${ids})`);
      await tx.execute(sql`select product_merchants_refresh(${ids})`);
      await tx.execute(sql`select products_refresh_summary(${ids})`);
      await tx.execute(sql`select products_sparkline_refresh(${ids})`);
      fresh = await rollups(tx);
      throw new Error("rollback");
    })
    .catch((e: Error) => {
      if (e.message !== "rollback") throw e;
    });
  return fresh!;
}

async function expectExact() {
  const db = await getDb();
  const kept = await rollups(db);
  expect(kept.market.length).toBeGreaterThan(0);
  expect(kept.merchants.length).toBeGreaterThan(0);
  expect(kept).toEqual(await recomputed());
}

/** Row versions: xmin changes with every write of a row (locks leave it). */
async function versions(table: "products" | "product_merchants" | "product_market", productId: string) {
  const db = await getDb();
  const key = table === "products" ? sql.raw("id") : sql.raw("product_id");
  const found = await rows(
    db,
    sql`select xmin::text as v from ${sql.raw(table)} where ${key} = ${productId} order by ctid::text`,
  );
  return found.map((r) => r.v);
}

/** A reading at `at` repeating the URL's latest reading, or the same with another `price`. */
async function read(db: DbLike, urlId: string, at: SQL, price?: string) {
  const [row] = await rows(
    db,
    sql`insert into price_history (url_id, price, currency, available, regular_price, shipping, offers, created_at)
        select h.url_id, ${price === undefined ? sql`h.price` : sql`${price}::numeric(12, 2)`}, h.currency, h.available,
               h.regular_price, h.shipping, h.offers, ${at}
          from product_urls u join price_history h on h.id = u.latest_reading_id where u.id = ${urlId}
        returning id::text`,
  );
  return row!.id as string;
}

/** A time of this Paris day before now: the share `part` (0-1) of the time elapsed since the day began. */
const today = (part: number) =>
  sql`(now() - (now() - ((now() at time zone 'Europe/Paris')::date::timestamp at time zone 'Europe/Paris')) * ${1 - part}::float8)`;

let product: string;
let fnac: string;
let darty: string;
const offers = (seller: string, price: string) => [{ seller, price, buyBox: true }];

beforeAll(async () => {
  ({ workspaceId } = await signUp());
  await subscribe(workspaceId, "professionnel");
  product = (await seedProduct(workspaceId, "Cafetière", "100.00")).id;
  fnac = (await seedUrl(workspaceId, product, "Fnac", "https://www.fnac.com/a")).id;
  darty = (await seedUrl(workspaceId, product, "Darty", "https://www.darty.com/a")).id;
  await seedHistory(fnac, [{ price: "110.00", at: daysAgo(3) }]);
  await seedHistory(darty, [{ price: "120.00", at: daysAgo(2), offers: offers("Darty", "120.00") }]);
  const db = await getDb();
  // this day's first readings: a new value for each (the day's price_daily rows exist from here on)
  await read(db, fnac, today(0.2), "105.00");
  await read(db, darty, today(0.2), "118.00");
});

describe("a reading repeating its URL's latest value", () => {
  it("dates the URL and its market, and leaves the merchants, the product and its last change as they were", async () => {
    await expectExact();
    const db = await getDb();
    const before = {
      products: await versions("products", product),
      merchants: await versions("product_merchants", product),
    };
    const [was] = await rows(
      db,
      sql`select last_change_at, (select readings from price_daily where url_id = ${fnac} order by day desc limit 1)
            from products where id = ${product}`,
    );
    const id = await read(db, fnac, today(0.4));
    const [now] = await rows(
      db,
      sql`select u.latest_reading_id::text as id, u.latest_at = m.checked_at as dated, p.last_change_at,
                 (select readings from price_daily where url_id = ${fnac} order by day desc limit 1)
            from product_urls u join product_market m on m.product_id = u.product_id and m.basis = 'price'
            join products p on p.id = u.product_id
           where u.id = ${fnac}`,
    );
    expect(now).toEqual({ id, dated: true, last_change_at: was!.last_change_at, readings: Number(was!.readings) + 1 });
    // no write of the product (summary, sparkline, last_change_at) nor of its merchants
    expect(await versions("products", product)).toEqual(before.products);
    expect(await versions("product_merchants", product)).toEqual(before.merchants);
    await expectExact();
  });

  it("writes no merchant, product nor tally: no statement reaches those tables", async () => {
    const db = await getDb();
    const touched: string[] = [];
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`create table write_probe (tbl text, op text)`);
        await tx.execute(
          sql.raw(`create function write_probe() returns trigger language plpgsql as $$
          begin insert into write_probe values (TG_TABLE_NAME, TG_OP); return null; end $$`),
        );
        for (const table of [
          "products",
          "product_merchants",
          "merchant_tally_deltas",
          "position_tally_deltas",
          "trend_tally_deltas",
          "product_market",
          "product_urls",
          "price_daily",
        ])
          await tx.execute(
            sql.raw(`create trigger write_probe after insert or update or delete on ${table}
                       for each statement execute function write_probe()`),
          );
        await read(tx, darty, today(0.5));
        for (const r of await rows(tx, sql`select distinct tbl || ' ' || op as t from write_probe order by 1`))
          touched.push(r.t as string);
        throw new Error("rollback");
      })
      .catch((e: Error) => {
        if (e.message !== "rollback") throw e;
      });
    // product_market's INSERT: its upsert (the rows' checked_at and oldest_at move)
    expect(touched).toEqual([
      "price_daily INSERT",
      "price_daily UPDATE",
      "product_market DELETE",
      "product_market INSERT",
      "product_market UPDATE",
      "product_urls UPDATE",
    ]);
  });

  it("is a new value when its seller, shipping or availability differs, and stays exact after a correction", async () => {
    const db = await getDb();
    // the seller of the offer at the price changes: a new value (merchants and changes follow)
    await db.execute(sql`insert into price_history (url_id, price, currency, available, offers, created_at)
                         values (${darty}, 118.00, 'EUR', true, ${JSON.stringify(offers("TechShop", "118.00"))}::jsonb,
                                 ${today(0.55)})`);
    await expectExact();
    const [seller] = await rows(db, sql`select prev_seller, latest_seller from product_urls where id = ${darty}`);
    expect(seller).toEqual({ prev_seller: null, latest_seller: "TechShop" });
    await read(db, darty, today(0.6));
    await expectExact();
    // another regular price only: still a repeat (nothing reads it but the URL's copy)
    await db.execute(sql`insert into price_history (url_id, price, currency, available, regular_price, offers, created_at)
                         select url_id, price, currency, available, 150.00, offers, ${today(0.62)}
                           from price_history where id = (select latest_reading_id from product_urls where id = ${darty})`);
    await expectExact();
    // the user chose another price on the page: the next reading corrects the run it differs from
    const [latest] = await rows(db, sql`select latest_reading_id::text as id from product_urls where id = ${fnac}`);
    await db.execute(sql`update product_urls set correcting_id = ${latest!.id}::bigint where id = ${fnac}`);
    await read(db, fnac, today(0.65), "99.00");
    const [corrected] = await rows(
      db,
      sql`select count(*)::int as n from price_history where url_id = ${fnac} and corrected_by is not null`,
    );
    expect(corrected!.n).toBeGreaterThan(0);
    await expectExact();
    // a repeat of the correction, then a reading of the corrected value again (a new value against the correction)
    await read(db, fnac, today(0.7));
    await expectExact();
    await read(db, fnac, today(0.75), "105.00");
    await expectExact();
    await read(db, fnac, today(0.8));
    await expectExact();
    // a repeat older than the latest (out of order) and a batch mixing repeats and new values
    await read(db, darty, today(0.3));
    await expectExact();
    await db.execute(sql`insert into price_history (url_id, price, currency, available, created_at)
                         select u.id, case when u.id = ${fnac} then h.price else h.price + 1 end, h.currency, h.available,
                                ${today(0.85)}
                           from product_urls u join price_history h on h.id = u.latest_reading_id
                          where u.product_id = ${product}`);
    await expectExact();
  });
});
