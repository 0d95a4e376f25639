// The Vue marché's workspace tallies (db/schema/market-tallies.ts, lib/insights/rollups.md): the merchants' table
// and the overview's summary read folded tallies plus pending deltas. After every kind of write, folded or not,
// they equal a recount over the product_merchants / product_market rows (the statements they replace) and the
// live computation over product_urls.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type DbLike, getDb, queryRows } from "@/db";
import { priceHistory, products, productUrls, workspaces } from "@/db/schema";
import { foldMarketTallies } from "@/lib/insights";
import { tallyLive, tallyRollup } from "@/lib/insights/get-merchants";
import { marketSource } from "@/lib/insights/market-source";
import { POSITIONS, type TBasis } from "@/lib/insights/schemas";
import { loadSummaryTallies, type TLinesFilter } from "@/lib/insights/summary-tallies";
import { signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl, normalTallies as normal } from "./history-fixtures";

type TTallies = Awaited<ReturnType<typeof tallyLive>>;
const BASES = ["price", "total"] as const;

/** The merchants as the rollup's former statement tallied them, over every product_merchants row. */
function recountMerchants(db: DbLike, workspaceId: string, basis: TBasis) {
  return queryRows<TTallies[number]>(
    db,
    sql`select g.domain, coalesce(min(g.seller), min(g.own_name) filter (where g.own <> ''), g.domain) as merchant,
               min(g.seller) as seller, json_agg(g.names) as names, sum(g.urls) as urls,
               sum(g.out_of_stock) as out_of_stock, sum(g.products) as products, sum(g.priced) as priced,
               sum(g.cheapest) as cheapest, sum(g.compared) as compared, sum(g.gap_sum) as gap_sum,
               sum(g.my_sum) as my_sum
          from (select m.domain, m.own, m.names, min(m.seller) as seller, min(m.own_name) as own_name,
                       sum(m.urls) as urls, sum(m.out_of_stock) as out_of_stock, count(*) as products,
                       count(m.cents) as priced, count(*) filter (where m.cheapest) as cheapest,
                       count(m.my_cents) filter (where m.cents is not null) as compared,
                       sum(m.cents - m.my_cents) as gap_sum, sum(m.my_cents) filter (where m.cents is not null) as my_sum
                  from product_merchants m
                 where m.workspace_id = ${workspaceId} and m.basis = ${basis}
                 group by m.domain, m.own, m.names) g
         group by g.domain, g.own`,
  );
}

const FILTERS: Omit<TLinesFilter, "basis">[] = [
  { position: "all" },
  ...POSITIONS.map((position) => ({ position })),
  { position: "all", q: "casque" },
  { position: "dearer", q: "E" },
];

/** The summary from the tallies against the former scan of the product_market rows. */
async function summaries(workspaceId: string, basis: TBasis) {
  const db = await getDb();
  const rows = marketSource(workspaceId, basis, null, false);
  const out = [];
  for (const f of FILTERS) {
    const filter = { ...f, basis };
    out.push({
      tallied: await loadSummaryTallies({ db, rows, live: false }, workspaceId, filter),
      recounted: await loadSummaryTallies({ db, rows, live: true }, workspaceId, filter),
    });
  }
  return out;
}

async function expectInStep(workspaceId: string) {
  const db = await getDb();
  for (const basis of BASES) {
    const recount = normal(await recountMerchants(db, workspaceId, basis));
    expect(normal(await tallyRollup(db, workspaceId, basis)), basis).toEqual(recount);
    expect(normal(await tallyLive(db, workspaceId, basis, null)), basis).toEqual(recount);
    for (const { tallied, recounted } of await summaries(workspaceId, basis)) expect(tallied).toEqual(recounted);
  }
}

async function tallyRows(workspaceId: string) {
  const [row] = await queryRows<Record<string, number>>(
    await getDb(),
    sql`select (select count(*)::int from merchant_tallies where workspace_id = ${workspaceId}) as merchants,
               (select count(*)::int from merchant_tally_deltas where workspace_id = ${workspaceId}) as merchant_deltas,
               (select count(*)::int from position_tallies where workspace_id = ${workspaceId}) as positions,
               (select count(*)::int from position_tally_deltas where workspace_id = ${workspaceId}) as position_deltas,
               (select count(*)::int from merchant_tallies where products = 0) as empty_merchants,
               (select count(*)::int from position_tallies where lines = 0) as empty_positions`,
  );
  return row!;
}

const fold = async () => (await getDb()).transaction((tx) => foldMarketTallies(tx));
const offers = (seller: string, price: string) => [{ seller, price, buyBox: true }];

async function seedCatalogue(workspaceId: string) {
  const at = daysAgo(0, 3);
  const casque = await seedProduct(workspaceId, "Casque", "100.00");
  const enceinte = await seedProduct(workspaceId, "Enceinte", "50.00");
  const radio = await seedProduct(workspaceId, "Radio");
  const amazon = await seedUrl(workspaceId, casque.id, "Amazon", "https://www.amazon.fr/dp/casque");
  const market = await seedUrl(workspaceId, casque.id, "Amazon MP", "https://www.amazon.fr/gp/offer/casque");
  const darty = await seedUrl(workspaceId, enceinte.id, "Darty", "https://www.darty.com/enceinte");
  const darty2 = await seedUrl(workspaceId, enceinte.id, "Darty bis", "https://www.darty.com/enceinte-2");
  const fnac = await seedUrl(workspaceId, radio.id, "Fnac", "https://www.fnac.com/radio");
  const usd = await seedUrl(workspaceId, radio.id, "Shop US", "https://shop.example/radio");
  await seedHistory(amazon.id, [{ price: "99.00", shipping: "5.00", at }]);
  await seedHistory(market.id, [{ price: "89.00", shipping: "15.00", at, offers: offers("TechShop", "89.00") }]);
  await seedHistory(darty.id, [{ price: "52.00", at }]);
  await seedHistory(darty2.id, [{ price: null, available: false, at }]);
  await seedHistory(fnac.id, [{ price: "30.00", at }]);
  await seedHistory(usd.id, [{ price: "20.00", currency: "USD", at }]);
  return { casque, enceinte, radio, amazon, market, darty, darty2, fnac, usd };
}

describe("Vue marché tallies (folded + pending deltas)", () => {
  it("equal a recount through readings, 'mon prix', URLs moved and deleted, products and a workspace deleted", async () => {
    const { workspaceId } = await signUp();
    const other = await signUp();
    const db = await getDb();
    const s = await seedCatalogue(workspaceId);
    await seedCatalogue(other.workspaceId);
    // nothing folded yet: the reads sum the deltas alone
    expect(await tallyRows(workspaceId)).toMatchObject({ merchants: 0, positions: 0 });
    expect((await tallyRows(workspaceId)).merchant_deltas).toBeGreaterThan(0);
    await expectInStep(workspaceId);
    await fold();
    expect(await tallyRows(workspaceId)).toMatchObject({ merchant_deltas: 0, position_deltas: 0 });
    await expectInStep(workspaceId);

    // a reading makes another URL the cheapest and changes the seller; 'mon prix' moves a product's position
    await seedHistory(s.market.id, [
      { price: "120.00", at: daysAgo(0, 1), offers: offers("  Tech   Shop ", "120.00") },
    ]);
    await expectInStep(workspaceId);
    await db.update(products).set({ referencePrice: "25.00" }).where(eq(products.id, s.radio.id));
    await db.update(products).set({ referencePrice: "10.00" }).where(eq(products.id, s.enceinte.id));
    await expectInStep(workspaceId);
    await fold();
    await expectInStep(workspaceId);

    // one statement over every product of both workspaces, then folded deltas mixed with pending ones
    await db.execute(sql`update products set reference_price = reference_price + 1 where reference_price is not null`);
    await fold();
    await db.update(products).set({ referencePrice: null }).where(eq(products.id, s.casque.id));
    await expectInStep(workspaceId);

    // a URL moved to another product, one renamed, one given another merchant's address, one deleted
    await db.update(productUrls).set({ productId: s.radio.id }).where(eq(productUrls.id, s.darty2.id));
    await db.update(productUrls).set({ name: "Fnac Radio" }).where(eq(productUrls.id, s.fnac.id));
    await fold();
    await db
      .update(productUrls)
      .set({ url: "https://www.boulanger.com/casque" })
      .where(eq(productUrls.id, s.amazon.id));
    await db.delete(productUrls).where(eq(productUrls.id, s.usd.id));
    await expectInStep(workspaceId);
    await fold();
    await expectInStep(workspaceId);

    // a reading deleted, a product deleted: the merchants left with no product lose their folded row
    await db.delete(priceHistory).where(eq(priceHistory.urlId, s.darty.id));
    await db.delete(products).where(eq(products.id, s.casque.id));
    await expectInStep(workspaceId);
    await fold();
    await expectInStep(workspaceId);
    const domains = await queryRows<{ domain: string }>(
      db,
      sql`select distinct domain from merchant_tallies where workspace_id = ${workspaceId} order by 1`,
    );
    expect(domains.map((d) => d.domain)).toEqual(["darty.com", "fnac.com"]);
    expect(await tallyRows(workspaceId)).toMatchObject({ empty_merchants: 0, empty_positions: 0 });

    // the other workspace deleted with pending deltas: its tallies go, the first's stay right, the fold runs
    await db.update(products).set({ referencePrice: "70.00" }).where(eq(products.workspaceId, other.workspaceId));
    expect((await tallyRows(other.workspaceId)).position_deltas).toBeGreaterThan(0);
    await db.delete(workspaces).where(eq(workspaces.id, other.workspaceId));
    expect(await tallyRows(other.workspaceId)).toMatchObject({ merchants: 0, positions: 0 });
    await fold();
    expect(await tallyRows(other.workspaceId)).toMatchObject({ merchant_deltas: 0, position_deltas: 0 });
    await expectInStep(workspaceId);

    // every product gone: nothing left to read, nothing folded left
    await db.delete(products).where(eq(products.workspaceId, workspaceId));
    await fold();
    expect(await tallyRows(workspaceId)).toMatchObject({ merchants: 0, positions: 0 });
    expect(normal(await tallyRollup(db, workspaceId, "price"))).toEqual([]);
  });

  it("a write the triggers missed shows as a difference from the recount", async () => {
    const { workspaceId } = await signUp();
    const db = await getDb();
    const s = await seedCatalogue(workspaceId);
    await fold();
    await expectInStep(workspaceId);
    for (const [table, trigger] of [
      ["product_merchants", "merchant_tallies_delete"],
      ["product_market", "position_tallies_update"],
    ] as const) {
      await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
    }
    try {
      await db.delete(productUrls).where(eq(productUrls.id, s.fnac.id));
      await db.update(products).set({ referencePrice: "300.00" }).where(eq(products.id, s.casque.id));
    } finally {
      await db.execute(sql`alter table product_merchants enable trigger merchant_tallies_delete`);
      await db.execute(sql`alter table product_market enable trigger position_tallies_update`);
    }
    const merchants = normal(await tallyRollup(db, workspaceId, "price"));
    expect(merchants).not.toEqual(normal(await recountMerchants(db, workspaceId, "price")));
    expect(merchants.map((m) => m.key)).toContain("fnac.com fnac.com");
    for (const { tallied, recounted } of await summaries(workspaceId, "price")) {
      expect(tallied.mySum).not.toBe(recounted.mySum);
    }
  });
});
