import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { alertEvents, priceFlags, priceHistory, products } from "@/db/schema";
import { evaluateNewPrice } from "@/lib/alerts/evaluation/evaluate-new-price";
import { settleLocalJobs } from "@/lib/workers/local-jobs";
import { updateProduct } from "@/lib/products/update-product";
import { addRule, alertsUser, mailsTo, makeProduct } from "./alerts-fixtures";

// Readings are seeded day by day as the pipeline writes them, each evaluated right after its insert.

beforeAll(async () => {
  await getDb();
}, 180_000);

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 1, 9, 0, 0);

async function reading(urlId: string, day: number, price: string | null, regularPrice: string | null = null) {
  const db = await getDb();
  const [row] = await db
    .insert(priceHistory)
    .values({
      urlId,
      price,
      regularPrice,
      available: price !== null,
      currency: price === null ? null : "EUR",
      createdAt: new Date(T0 + day * DAY),
    })
    .returning({ id: priceHistory.id });
  await evaluateNewPrice({ priceHistoryId: row!.id, urlId });
  return row!.id;
}

async function flagsOf(urlId: string) {
  const db = await getDb();
  return db.select().from(priceFlags).where(eq(priceFlags.urlId, urlId)).orderBy(priceFlags.createdAt);
}

describe("Omnibus check", () => {
  it("flags a reduction announced against a price raised just before it, with the evidence, once", async () => {
    const { workspaceId, account } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    const rule = await addRule(workspaceId, productId, { kind: "suspect_promotion" });
    for (let day = 0; day < 35; day += 1) await reading(url, day, day === 20 ? "79.00" : "80.00");
    for (let day = 35; day < 40; day += 1) await reading(url, day, "100.00"); // raised before the sale
    const start = await reading(url, 40, "90.00", "100.00"); // "100 € → 90 €"
    await reading(url, 41, "89.00", "100.00"); // the same reduction goes on
    await reading(url, 42, null); // out of stock: neither extends nor ends it
    await reading(url, 43, "90.00", "100.00");

    const [flag, ...others] = await flagsOf(url);
    expect(others).toHaveLength(0);
    expect(flag).toMatchObject({ kind: "suspect_promotion", priceHistoryId: start, resolvedAt: null, productId });
    expect(flag!.evidence).toMatchObject({
      regular_price: "100.00",
      price: "90.00",
      reduction_started: { reading_id: start, at: new Date(T0 + 40 * DAY).toISOString(), price: "90.00" },
      window_from: new Date(T0 + 10 * DAY).toISOString(),
      window_to: new Date(T0 + 40 * DAY).toISOString(),
      lowest: { at: new Date(T0 + 20 * DAY).toISOString(), price: "79.00" },
      readings_in_window: 30, // days 10 (in force at the window's start) to 39
    });

    const db = await getDb();
    const events = await db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id));
    expect(events).toHaveLength(1);
    expect(events[0]!.priceHistoryId).toBe(start);
    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html).toContain("Promotion suspecte");
    expect(mails[0]!.html).toContain("79,00");

    await reading(url, 44, "100.00"); // the sale is over
    const [resolved] = await flagsOf(url);
    expect(resolved!.resolvedAt?.toISOString()).toBe(new Date(T0 + 44 * DAY).toISOString());
  });

  it("does not flag a genuine reduction measured against the lowest price of the 30 days", async () => {
    const { workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    await addRule(workspaceId, productId, { kind: "suspect_promotion" });
    for (let day = 0; day < 40; day += 1) await reading(url, day, day % 7 === 0 ? "99.00" : "105.00");
    await reading(url, 40, "79.00", "99.00");
    await reading(url, 41, "79.00", "99.00");
    expect(await flagsOf(url)).toEqual([]);
    const db = await getDb();
    expect(await db.select().from(alertEvents).where(eq(alertEvents.productId, productId))).toEqual([]);
  });

  it("says nothing when no reading of a window shorter than 30 days proves either way", async () => {
    const { workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    await addRule(workspaceId, productId, { kind: "suspect_promotion" });
    for (let day = 0; day < 29; day += 1) await reading(url, day, "100.00");
    // the reduction started on day 29: its 30-day window opens before our first reading, and nothing in it
    // was below the crossed-out price (genuine would need the whole window)
    for (let day = 29; day < 45; day += 1) await reading(url, day, "70.00", "100.00");
    expect(await flagsOf(url)).toEqual([]);
  });

  it("flags at once when a price seen in a short history is below the crossed-out price", async () => {
    const { workspaceId, account } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    const rule = await addRule(workspaceId, productId, { kind: "suspect_promotion" });
    const seen = await reading(url, 0, "79.99");
    const start = await reading(url, 3, "99.99", "129.99"); // "99,99 € au lieu de 129,99 €"
    await reading(url, 4, "99.99", "129.99");

    const [flag, ...others] = await flagsOf(url);
    expect(others).toHaveLength(0);
    expect(flag).toMatchObject({ kind: "suspect_promotion", priceHistoryId: start, resolvedAt: null });
    expect(flag!.evidence).toMatchObject({
      regular_price: "129.99",
      price: "99.99",
      reduction_started: { reading_id: start, price: "99.99" },
      lowest: { reading_id: seen, at: new Date(T0).toISOString(), price: "79.99" },
      readings_in_window: 1,
      whole_window: false,
    });
    const db = await getDb();
    expect(await db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id))).toHaveLength(1);
    const [mail] = await mailsTo(account.email);
    expect(mail!.html).toContain("un prix plus bas a été relevé");
    expect(mail!.html).toContain("79,99");
  });

  it("measures a new reduction (another crossed-out price) from its own start", async () => {
    const { workspaceId } = await alertsUser();
    const { urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    for (let day = 0; day < 40; day += 1) await reading(url, day, "100.00");
    await reading(url, 40, "90.00", "100.00"); // genuine
    const second = await reading(url, 45, "90.00", "120.00"); // same price, a higher crossed-out one
    const [flag, ...others] = await flagsOf(url);
    expect(others).toHaveLength(0);
    expect(flag).toMatchObject({ priceHistoryId: second, resolvedAt: null });
    expect(flag!.evidence).toMatchObject({ lowest: { price: "90.00" }, regular_price: "120.00" });
  });

  it("starts the reduction at its first reading when the readings are stored with microseconds", async () => {
    const { workspaceId } = await alertsUser();
    const { urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    const db = await getDb();
    // as now() writes them: the microseconds a JavaScript Date cannot hold
    const at = (day: number) =>
      sql`${new Date(T0 + day * DAY).toISOString()}::timestamptz + interval '123 microseconds'`;
    const ids: number[] = [];
    for (const [day, price, regular] of [
      [0, "100.00", null],
      [35, "100.00", null],
      [40, "90.00", "120.00"],
    ] as const) {
      const [row] = await db
        .insert(priceHistory)
        .values({ urlId: url, price, regularPrice: regular, available: true, currency: "EUR", createdAt: at(day) })
        .returning({ id: priceHistory.id });
      ids.push(row!.id);
      await evaluateNewPrice({ priceHistoryId: row!.id, urlId: url });
    }
    const [flag, ...others] = await flagsOf(url);
    expect(others).toHaveLength(0);
    expect(flag!.evidence).toMatchObject({
      reduction_started: { reading_id: ids[2], price: "90.00" },
      lowest: { reading_id: ids[0], price: "100.00" },
      readings_in_window: 2, // day 0 (in force when the window opened) and day 35
    });
  });
});

describe("price floor monitoring", () => {
  it("flags a reseller below the minimum advertised price once, and resolves when it is back above", async () => {
    const { workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId, { urls: 2 });
    const [a, b] = urlIds as [string, string];
    const db = await getDb();
    await db.update(products).set({ minAdvertisedPrice: "50.00" }).where(eq(products.id, productId));
    const rule = await addRule(workspaceId, productId, { kind: "below_min_advertised" });

    await reading(a, 0, "55.00");
    const low = await reading(b, 0, "45.00");
    await reading(b, 1, "44.00");
    await reading(a, 1, "50.00"); // at the floor is not below it

    expect(await flagsOf(a)).toEqual([]);
    const [flag, ...others] = await flagsOf(b);
    expect(others).toHaveLength(0);
    expect(flag).toMatchObject({ kind: "below_min_advertised", priceHistoryId: low, resolvedAt: null });
    expect(flag!.evidence).toEqual({
      currency: "EUR",
      price: "45.00",
      min_advertised_price: "50.00",
      observed_at: new Date(T0).toISOString(),
      reading_id: low,
    });
    const events = await db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id));
    expect(events.map((e) => [e.urlId, e.newPrice])).toEqual([[b, "45.00"]]);
    expect(events[0]!.details).toMatchObject({ finding: expect.stringContaining("prix minimum annoncé") });

    await reading(b, 2, "51.00");
    expect((await flagsOf(b))[0]!.resolvedAt).not.toBeNull();
  });

  it("re-judges each URL's latest reading when the minimum advertised price changes, alerting once per episode", async () => {
    const { workspaceId, account } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId, { urls: 3 });
    const [a, b, c] = urlIds as [string, string, string];
    const rule = await addRule(workspaceId, productId, { kind: "below_min_advertised" });
    const db = await getDb();
    const events = () => db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id));
    const mails = () => mailsTo(account.email);
    // the floor is re-judged by a job once the product is saved
    const setFloor = async (value: string | null) => {
      await updateProduct(workspaceId, productId, { name: "Casque", min_advertised_price: value });
      await settleLocalJobs();
    };

    await reading(a, 0, "60.00");
    const aLow = await reading(a, 1, "45.00"); // the latest reading of a is the one judged
    const bLatest = await reading(b, 1, "55.00");
    await reading(c, 0, "40.00");
    await reading(c, 1, null); // out of stock: no price to judge
    expect(await flagsOf(a)).toEqual([]);

    await setFloor("50");
    const [flagA, ...othersA] = await flagsOf(a);
    expect(othersA).toHaveLength(0);
    expect(flagA).toMatchObject({ kind: "below_min_advertised", priceHistoryId: aLow, resolvedAt: null });
    expect(flagA!.evidence).toEqual({
      currency: "EUR",
      price: "45.00",
      min_advertised_price: "50.00",
      observed_at: new Date(T0 + DAY).toISOString(),
      reading_id: aLow,
    });
    expect(await flagsOf(b)).toEqual([]);
    expect(await flagsOf(c)).toEqual([]);
    expect((await events()).map((e) => [e.urlId, e.priceHistoryId, e.newPrice])).toEqual([[a, aLow, "45.00"]]);
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0]!.html).toContain("prix minimum annoncé");

    await setFloor("58"); // a stays below (same episode), b now is
    expect(await flagsOf(a)).toMatchObject([{ id: flagA!.id, resolvedAt: null }]);
    expect(await flagsOf(b)).toMatchObject([{ priceHistoryId: bLatest, resolvedAt: null }]);
    expect((await events()).map((e) => e.urlId).sort()).toEqual([a, b].sort());

    await setFloor("50"); // b is at or above again, a still below
    expect((await flagsOf(b))[0]!.resolvedAt).not.toBeNull();
    expect((await flagsOf(a))[0]!.resolvedAt).toBeNull();

    await setFloor(null);
    expect((await flagsOf(a))[0]!.resolvedAt).not.toBeNull();
    await setFloor("50"); // the same reading below the floor again: its flag reopens, its alert is not sent twice
    expect(await flagsOf(a)).toMatchObject([{ id: flagA!.id, resolvedAt: null }]);
    expect(await events()).toHaveLength(2);
    expect(await mails()).toHaveLength(2);

    await reading(a, 2, "44.00"); // the next reading continues the open episode
    expect(await flagsOf(a)).toHaveLength(1);
    expect(await events()).toHaveLength(2);
  });
});
