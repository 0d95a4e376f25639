import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { alertEvents, alertRules, emailOutbox, workspaceMembers } from "@/db/schema";
import { evaluateNewPrice } from "@/lib/alerts/evaluation/evaluate-new-price";
import { sendAlertDigests } from "@/lib/alerts/delivery/send-alert-digests";
import { addPrice, addRule, alertsUser, mailsTo, makeProduct } from "./alerts-fixtures";

// a cold start (migrations, first render) can be slow on a busy machine; keep it out of the first test
beforeAll(async () => {
  await getDb();
}, 180_000);

async function eventsOf(ruleId: string) {
  const db = await getDb();
  return db.select().from(alertEvents).where(eq(alertEvents.ruleId, ruleId)).orderBy(alertEvents.createdAt);
}

describe("evaluateNewPrice", () => {
  it("fires a range rule on the first check, once, and again after the price came back", async () => {
    const { workspaceId, account } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const rule = await addRule(workspaceId, productId, { kind: "below", minPrice: "50.00" });
    const [url] = urlIds as [string];

    const first = await evaluateNewPrice({ priceHistoryId: await addPrice(url, "45.00") });
    expect(first).toMatchObject({ status: "evaluated", sent: 1 });
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "44.00") }); // still below: no repeat
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "50.00") }); // back inside: re-armed
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "49.99") }); // crosses again

    const events = await eventsOf(rule.id);
    expect(events.map((e) => [e.oldPrice, e.newPrice, e.status, e.delivery])).toEqual([
      [null, "45.00", "sent", "instant"],
      ["50.00", "49.99", "sent", "instant"],
    ]);
    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.kind).toBe("alert");
    expect(mails[0]!.idempotencyKey).toBe(`${events[0]!.dedupeKey}:${mails[0]!.userId}`);
    expect(events[0]!.dedupeKey).toBe(`alert:${rule.id}:${events[0]!.priceHistoryId}`);
    expect(mails[0]!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("never alerts on a missing price, and compares with the last real price afterwards", async () => {
    const { workspaceId, account } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    const any = await addRule(workspaceId, productId, { kind: "any_change" });
    const back = await addRule(workspaceId, productId, { kind: "back_in_stock" });
    const below = await addRule(workspaceId, productId, { kind: "below", minPrice: "10" });

    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "100.00") });
    const missing = await evaluateNewPrice({ priceHistoryId: await addPrice(url, null, true) });
    expect(missing).toEqual({ status: "skipped", reason: "missing_price" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "100.00") });

    expect(await eventsOf(any.id)).toHaveLength(0);
    expect(await eventsOf(back.id)).toHaveLength(0);
    expect(await eventsOf(below.id)).toHaveLength(0);
    expect(await mailsTo(account.email)).toHaveLength(0);
  });

  it("records one event and sends one e-mail when the same price is evaluated again or concurrently", async () => {
    const { workspaceId, account } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    const drop = await addRule(workspaceId, productId, { kind: "drop", thresholdPercent: "5" });
    const above = await addRule(workspaceId, productId, { kind: "above", maxPrice: "60" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "100.00") });
    expect(await eventsOf(above.id)).toHaveLength(1);

    const entry = await addPrice(url, "90.00");
    await Promise.all([1, 2, 3].map(() => evaluateNewPrice({ priceHistoryId: entry })));
    const again = await evaluateNewPrice({ priceHistoryId: entry });
    expect(again).toMatchObject({ status: "evaluated", fired: [], sent: 0 });

    const events = await eventsOf(drop.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ oldPrice: "100.00", newPrice: "90.00", status: "sent" });
    expect(await eventsOf(above.id)).toHaveLength(1);
    const db = await getDb();
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.idempotencyKey, `alert:${drop.id}:%`));
    expect(mails).toHaveLength(1);
    expect(await mailsTo(account.email)).toHaveLength(2);
  });

  it("holds repeats back during the cooldown; a held-back level rule fires once the cooldown is over", async () => {
    const { workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    const any = await addRule(workspaceId, productId, { kind: "any_change", cooldownMinutes: 60 });
    const t0 = new Date();
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "100.00") }, { now: at(0) });
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "95.00") }, { now: at(1) }); // fires
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "93.00") }, { now: at(30) }); // cooldown
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "92.00") }, { now: at(61) }); // fires
    expect((await eventsOf(any.id)).map((e) => e.newPrice)).toEqual(["95.00", "92.00"]);

    const { productId: p2, urlIds: u2 } = await makeProduct(workspaceId);
    const above = await addRule(workspaceId, p2, { kind: "above", maxPrice: "50", cooldownMinutes: 60 });
    const url2 = u2[0]!;
    await evaluateNewPrice({ priceHistoryId: await addPrice(url2, "55.00") }, { now: at(0) }); // fires
    await evaluateNewPrice({ priceHistoryId: await addPrice(url2, "45.00") }, { now: at(5) }); // re-arms
    await evaluateNewPrice({ priceHistoryId: await addPrice(url2, "56.00") }, { now: at(10) }); // held back, stays armed
    await evaluateNewPrice({ priceHistoryId: await addPrice(url2, "57.00") }, { now: at(61) }); // fires
    await evaluateNewPrice({ priceHistoryId: await addPrice(url2, "58.00") }, { now: at(200) }); // disarmed: nothing
    expect((await eventsOf(above.id)).map((e) => e.newPrice)).toEqual(["55.00", "57.00"]);
  });

  it("asks for a second fetch before alerting on a jump of more than 50 %", async () => {
    const { workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    const drop = await addRule(workspaceId, productId, { kind: "drop", thresholdPercent: "10" });
    const any = await addRule(workspaceId, productId, { kind: "any_change" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "100.00") });

    const glitch = await addPrice(url, "9.99");
    expect(await evaluateNewPrice({ priceHistoryId: glitch })).toEqual({ status: "needs_confirmation", urlId: url });
    const calls: string[] = [];
    const unconfirmed = await evaluateNewPrice(
      { priceHistoryId: glitch },
      { confirmPrice: async (id) => (calls.push(id), { price: "100.00", available: true }) },
    );
    expect(unconfirmed).toEqual({ status: "unconfirmed", urlId: url });
    expect(await evaluateNewPrice({ priceHistoryId: glitch }, { confirmPrice: async () => null })).toMatchObject({
      status: "unconfirmed",
    });
    expect(calls).toEqual([url]);
    expect(await eventsOf(drop.id)).toHaveLength(0);
    // the next reading is back to normal: the unconfirmed spike is not the comparison point
    await evaluateNewPrice(
      { priceHistoryId: await addPrice(url, "100.00") },
      { confirmPrice: async () => ({ price: "100", available: true }) },
    );
    expect(await eventsOf(any.id)).toHaveLength(0);

    const real = await addPrice(url, "40.00");
    const confirmed = await evaluateNewPrice(
      { priceHistoryId: real },
      { confirmPrice: async () => ({ price: 40.2, available: true }) },
    );
    // both rules fire on that reading: one e-mail lists them
    expect(confirmed).toMatchObject({ status: "evaluated", sent: 1 });
    expect((await eventsOf(drop.id)).map((e) => [e.oldPrice, e.newPrice])).toEqual([["100.00", "40.00"]]);

    // a 50 % move (not more) needs no confirmation
    const half = await addPrice(url, "20.00");
    expect(await evaluateNewPrice({ priceHistoryId: half })).toMatchObject({ status: "evaluated", sent: 1 });
  });

  it("keeps the arming per URL for a rule on all the product's URLs", async () => {
    const { workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId, { urls: 2, referencePrice: "100.00" });
    const [a, b] = urlIds as [string, string];
    const rule = await addRule(workspaceId, productId, { kind: "below_reference" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(a, "99.00") });
    await evaluateNewPrice({ priceHistoryId: await addPrice(b, "98.00") });
    await evaluateNewPrice({ priceHistoryId: await addPrice(a, "97.00") });
    const events = await eventsOf(rule.id);
    expect(events.map((e) => [e.urlId, e.newPrice])).toEqual([
      [a, "99.00"],
      [b, "98.00"],
    ]);
    const db = await getDb();
    const [row] = await db.select().from(alertRules).where(eq(alertRules.id, rule.id));
    expect(row!.armedState).toEqual({ [a]: false, [b]: false });
    expect(row!.lastFiredAt).not.toBeNull();
  });

  it("alerts on stock changes, not on the first check", async () => {
    const { workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const [url] = urlIds as [string];
    const back = await addRule(workspaceId, productId, { kind: "back_in_stock" });
    const out = await addRule(workspaceId, productId, { kind: "out_of_stock" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, null, false) });
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, "80.00", true) });
    await evaluateNewPrice({ priceHistoryId: await addPrice(url, null, false) });
    expect((await eventsOf(back.id)).map((e) => e.newPrice)).toEqual(["80.00"]);
    expect((await eventsOf(out.id)).map((e) => [e.oldPrice, e.newPrice])).toEqual([["80.00", null]]);
  });

  it("ignores inactive rules, rules of other products, and plans without e-mail alerts", async () => {
    const { workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const other = await makeProduct(workspaceId);
    const off = await addRule(workspaceId, productId, { kind: "below", minPrice: "50", active: false });
    const elsewhere = await addRule(workspaceId, other.productId, { kind: "below", minPrice: "50" });
    expect(await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "10.00") })).toEqual({
      status: "skipped",
      reason: "no_rules",
    });
    expect(await eventsOf(off.id)).toHaveLength(0);
    expect(await eventsOf(elsewhere.id)).toHaveLength(0);

    const free = await alertsUser("freemium");
    const p = await makeProduct(free.workspaceId);
    const rule = await addRule(free.workspaceId, p.productId, { kind: "below", minPrice: "50" });
    expect(await evaluateNewPrice({ priceHistoryId: await addPrice(p.urlIds[0]!, "10.00") })).toEqual({
      status: "skipped",
      reason: "plan",
    });
    expect(await eventsOf(rule.id)).toHaveLength(0);
  });
});

describe("daily digest", () => {
  it("holds alerts of digest users and sends one e-mail grouped by product, once", async () => {
    const { userId, workspaceId, account } = await alertsUser();
    const db = await getDb();
    await db
      .update(workspaceMembers)
      .set({ alertMode: "digest" })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    const one = await makeProduct(workspaceId, { name: "Perceuse Bosch" });
    const two = await makeProduct(workspaceId, { name: "Aspirateur Dyson" });
    const r1 = await addRule(workspaceId, one.productId, { kind: "any_change" });
    const r2 = await addRule(workspaceId, two.productId, { kind: "below", minPrice: "300" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(one.urlIds[0]!, "120.00") });
    await evaluateNewPrice({ priceHistoryId: await addPrice(one.urlIds[0]!, "110.00") });
    await evaluateNewPrice({ priceHistoryId: await addPrice(one.urlIds[0]!, "105.00") });
    await evaluateNewPrice({ priceHistoryId: await addPrice(two.urlIds[0]!, "299.00") });

    const held = await db.select().from(alertEvents).where(eq(alertEvents.workspaceId, workspaceId));
    expect(held.map((e) => [e.delivery, e.status])).toEqual([
      ["digest", "pending"],
      ["digest", "pending"],
      ["digest", "pending"],
    ]);
    expect(await mailsTo(account.email)).toHaveLength(0);

    const result = await sendAlertDigests();
    expect(result.emails).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.kind).toBe("alert_digest");
    expect(mail.subject).toMatch(/^Votre résumé VeillePrix du \d{2}\/\d{2}\/\d{4} : 3 alertes$/);
    expect(mail.text).toContain("Perceuse Bosch");
    expect(mail.text).toContain("Aspirateur Dyson");
    // grouped: both Perceuse alerts come before the Aspirateur one
    const order = ["110,00", "105,00", "299,00"].map((p) => mail.text.indexOf(p));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(mail.text.indexOf("Perceuse Bosch")).toBeLessThan(order[0]!);
    expect(mail.text.indexOf("Aspirateur Dyson")).toBeGreaterThan(order[1]!);
    expect(mail.text.indexOf("Aspirateur Dyson")).toBeLessThan(order[2]!);

    const sent = await db
      .select()
      .from(alertEvents)
      .where(and(eq(alertEvents.workspaceId, workspaceId), eq(alertEvents.status, "sent")));
    expect(sent).toHaveLength(3);
    expect(sent.map((e) => e.ruleId).sort()).toEqual([r1.id, r1.id, r2.id].sort());
    await sendAlertDigests();
    expect(await mailsTo(account.email)).toHaveLength(1);
  });
});
