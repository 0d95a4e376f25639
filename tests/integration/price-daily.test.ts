import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { priceHistory, productUrls, products } from "@/db/schema";
import { purgeHistory } from "@/lib/jobs/purge-history";
import { signUp } from "../helpers/api";
import { databaseBefore } from "../helpers/migrations";

type Reading = {
  id: number;
  url_id: string;
  price: string | null;
  available: boolean;
  regular_price: string | null;
  currency: string | null;
  created_at: Date;
};

const PARIS_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" });
const cents = (v: string | null) => (v === null ? null : Math.round(Number(v) * 100));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The rollup recomputed in JavaScript from the readings: what price_daily must hold. */
function expectedRollup(readings: Reading[]) {
  const days = new Map<string, Reading[]>();
  for (const r of readings) {
    const key = `${r.url_id} ${PARIS_DAY.format(r.created_at)}`;
    days.set(key, [...(days.get(key) ?? []), r]);
  }
  const byTime = (a: Reading, b: Reading) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id;
  const out: Record<string, unknown>[] = [];
  for (const [key, list] of days) {
    list.sort(byTime);
    const priced = list.filter((r) => r.available && r.price !== null);
    const price = (r: Reading) => (r.available ? cents(r.price) : null);
    const lo = [...priced].sort((a, b) => cents(a.price)! - cents(b.price)! || byTime(a, b))[0];
    const hi = [...priced].sort((a, b) => cents(b.price)! - cents(a.price)! || byTime(a, b))[0];
    const first = list[0]!;
    const last = list[list.length - 1]!;
    const [urlId, day] = key.split(" ");
    out.push({
      url_id: urlId,
      day,
      readings: list.length,
      priced: priced.length,
      price_sum: priced.length ? priced.reduce((s, r) => s + cents(r.price)!, 0) : null,
      min_price: lo ? cents(lo.price) : null,
      min_at: lo ? iso(lo.created_at) : null,
      max_price: hi ? cents(hi.price) : null,
      max_at: hi ? iso(hi.created_at) : null,
      first_id: first.id,
      first_at: iso(first.created_at),
      first_price: price(first),
      last_id: last.id,
      last_at: iso(last.created_at),
      last_price: price(last),
      last_regular_price: cents(last.regular_price),
      last_available: last.available,
      last_currency: last.currency,
    });
  }
  return out.sort((a, b) => `${a.url_id}${a.day}`.localeCompare(`${b.url_id}${b.day}`));
}

const ROLLUP_SQL = `select url_id, to_char(day, 'YYYY-MM-DD') as day, readings, priced, price_sum, min_price,
  min_at, max_price, max_at, first_id, first_at, first_price, last_id, last_at, last_price, last_regular_price,
  last_available, last_currency from price_daily order by url_id, day`;

function normalize(rows: Record<string, unknown>[]) {
  const c = (v: unknown) => cents(v as string | null);
  const t = (v: unknown) => iso(v as string | null);
  return rows.map((r) => ({
    ...r,
    url_id: String(r.url_id),
    day: String(r.day),
    readings: Number(r.readings),
    priced: Number(r.priced),
    price_sum: c(r.price_sum),
    min_price: c(r.min_price),
    max_price: c(r.max_price),
    first_price: c(r.first_price),
    last_price: c(r.last_price),
    last_regular_price: c(r.last_regular_price),
    min_at: t(r.min_at),
    max_at: t(r.max_at),
    first_at: t(r.first_at),
    last_at: t(r.last_at),
    first_id: Number(r.first_id),
    last_id: Number(r.last_id),
  }));
}

async function allReadings(urlIds: string[]) {
  const db = await getDb();
  const rows = await queryRows<Reading>(
    db,
    sql`select id, url_id, price, available, regular_price, currency, created_at from price_history
         where url_id in (${sql.join(
           urlIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at) }));
}

let workspaceId: string;
let urlA: string;
let urlB: string;

async function rollupOf(urlIds: string[]) {
  const rows = await queryRows<Record<string, unknown>>(await getDb(), sql.raw(ROLLUP_SQL));
  return normalize(rows).filter((r) => urlIds.includes(r.url_id));
}

beforeEach(async () => {
  const db = await getDb();
  ({ workspaceId } = await signUp());
  const [p] = await db.insert(products).values({ workspaceId, name: "Casque" }).returning();
  const urls = await db
    .insert(productUrls)
    .values([
      { productId: p!.id, workspaceId, name: "A", url: "https://a.example/" },
      { productId: p!.id, workspaceId, name: "B", url: "https://b.example/" },
    ])
    .returning();
  urlA = urls[0]!.id;
  urlB = urls[1]!.id;
});

const at = (text: string) => new Date(text);

describe("price_daily (the daily rollup of price_history kept by triggers)", () => {
  it("merges inserts of any size and order into Europe/Paris days", async () => {
    const db = await getDb();
    // 22:30 UTC on 14 July is 00:30 on the 15th in Paris (summer time); 23:30 UTC on 14 January is 00:30 the 15th
    await db.insert(priceHistory).values([
      { urlId: urlA, price: "20.00", currency: "EUR", available: true, createdAt: at("2026-07-14T10:00:00Z") },
      { urlId: urlA, price: "18.00", currency: "EUR", available: true, createdAt: at("2026-07-14T21:30:00Z") },
      { urlId: urlA, price: "17.50", currency: "EUR", available: true, createdAt: at("2026-07-14T22:30:00Z") },
      { urlId: urlB, price: "9.99", currency: "EUR", available: false, createdAt: at("2026-01-14T23:30:00Z") },
      { urlId: urlB, price: null, currency: null, available: false, createdAt: at("2026-01-14T22:30:00Z") },
    ]);
    // one reading per statement, older and newer than the day's, a new minimum, a tie at the maximum
    const single = [
      { urlId: urlA, price: "25.00", available: true, createdAt: at("2026-07-14T06:00:00Z") },
      { urlId: urlA, price: "15.00", available: true, regularPrice: "30.00", createdAt: at("2026-07-14T12:00:00Z") },
      { urlId: urlA, price: "25.00", available: true, createdAt: at("2026-07-14T20:00:00Z") },
      { urlId: urlA, price: "16.00", available: false, createdAt: at("2026-07-14T21:45:00Z") },
      { urlId: urlB, price: "11.00", available: true, regularPrice: "14.00", createdAt: at("2026-01-15T12:00:00Z") },
    ];
    for (const r of single) await db.insert(priceHistory).values({ ...r, currency: "EUR" });

    const rollup = await rollupOf([urlA, urlB]);
    expect(rollup).toEqual(expectedRollup(await allReadings([urlA, urlB])));
    const dayA = rollup.find((r) => r.url_id === urlA && r.day === "2026-07-14")!;
    expect(dayA).toMatchObject({
      readings: 6,
      priced: 5,
      min_price: 1500,
      max_price: 2500,
      max_at: "2026-07-14T06:00:00.000Z",
      first_price: 2500,
      last_price: null,
      last_available: false,
      price_sum: 2500 + 2000 + 1500 + 2500 + 1800,
    });
    expect(rollup.filter((r) => r.url_id === urlB).map((r) => r.day)).toEqual(["2026-01-14", "2026-01-15"]);
  });

  it("recomputes the days of deleted readings and drops the emptied ones", async () => {
    const db = await getDb();
    const rows = await db
      .insert(priceHistory)
      .values([
        { urlId: urlA, price: "10.00", currency: "EUR", available: true, createdAt: at("2026-03-02T08:00:00Z") },
        { urlId: urlA, price: "12.00", currency: "EUR", available: true, createdAt: at("2026-03-02T09:00:00Z") },
        { urlId: urlA, price: "14.00", currency: "EUR", available: true, createdAt: at("2026-03-02T10:00:00Z") },
        { urlId: urlA, price: "13.00", currency: "EUR", available: true, createdAt: at("2026-03-03T10:00:00Z") },
        { urlId: urlB, price: "13.00", currency: "EUR", available: true, createdAt: at("2026-03-03T10:00:00Z") },
      ])
      .returning();
    // the minimum and the last reading of a day go; another day loses its only reading
    await db.delete(priceHistory).where(sql`${priceHistory.id} in (${rows[0]!.id}, ${rows[2]!.id}, ${rows[3]!.id})`);
    const rollup = await rollupOf([urlA, urlB]);
    expect(rollup).toEqual(expectedRollup(await allReadings([urlA, urlB])));
    expect(rollup.filter((r) => r.url_id === urlA)).toMatchObject([
      { day: "2026-03-02", readings: 1, min_price: 1200, max_price: 1200, first_price: 1200, last_price: 1200 },
    ]);
    // deleting the URL deletes its readings and its rollup
    await db.delete(productUrls).where(eq(productUrls.id, urlA));
    expect((await rollupOf([urlA, urlB])).map((r) => r.url_id)).toEqual([urlB]);
  });

  it("follows the retention purge, including the day cut in two by the cutoff", async () => {
    const db = await getDb();
    const day = 86_400_000;
    const now = Date.now();
    // Freemium keeps less than 400 days: the old days go, the recent ones stay untouched
    const values = [400, 399.5, 399, 3, 2, 1].map((d, i) => ({
      urlId: urlA,
      price: `${10 + i}.00`,
      currency: "EUR",
      available: true,
      createdAt: new Date(now - d * day),
    }));
    await db.insert(priceHistory).values(values);
    const before = await rollupOf([urlA]);
    expect((await purgeHistory()).history).toBeGreaterThanOrEqual(3);
    const after = await rollupOf([urlA]);
    expect(after).toEqual(expectedRollup(await allReadings([urlA])));
    expect(after.length).toBeLessThan(before.length);
    expect(after.reduce((s, r) => s + r.readings, 0)).toBe(3);
  });

  it("is backfilled by its migration on a database that already has readings", async () => {
    const { client, applyIt } = await databaseBefore("charts-price-daily");
    try {
      await client.exec(`
        insert into users (id, email, password_hash, first_name, last_name)
          values ('00000000-0000-4000-8000-000000000001', 'b@exemple.fr', 'x', 'B', 'F');
        insert into products (id, user_id, name)
          values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'P');
        insert into product_urls (id, product_id, user_id, name, url)
          values ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002',
                  '00000000-0000-4000-8000-000000000001', 'M', 'https://m.example/');
        insert into price_history (url_id, price, currency, available, regular_price, created_at)
          select '00000000-0000-4000-8000-000000000003', (10 + (i % 7))::numeric(12, 2), 'EUR', i % 5 <> 0,
                 case when i % 3 = 0 then 30 end, timestamptz '2026-03-27 00:00Z' + i * interval '50 minutes'
            from generate_series(1, 200) i;`);
      await applyIt();
      const { rows } = await client.query<Reading>(
        "select id, url_id, price, available, regular_price, currency, created_at from price_history",
      );
      const readings = rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at) }));
      expect(readings.length).toBe(200);
      const rollup = normalize((await client.query<Record<string, unknown>>(ROLLUP_SQL)).rows);
      expect(rollup).toEqual(expectedRollup(readings));
      // 29 March 2026 is the 23-hour day of the change to summer time in Paris
      const short = rollup.find((r) => r.day === "2026-03-29")!;
      expect(new Date(short.last_at!).getTime() - new Date(short.first_at!).getTime()).toBeLessThan(23 * 3_600_000);
      expect(short.readings).toBeGreaterThanOrEqual(27);
    } finally {
      await client.close();
    }
  });
});
