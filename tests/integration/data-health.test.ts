// The data-health screen's API: URL states, the freshness figure, per-shop statistics, bulk fixes (tenancy and
// roles), the built-in 'Surveillance interrompue' alert through the real scrape pipeline, and the digest summary.
import { enqueueEmailDeliveries } from "@/lib/alerts/delivery/enqueue-email-deliveries";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import {
  alertEvents,
  fetchUsage,
  priceHistory,
  productUrls,
  scrapeTasks,
  shopAccess,
  workspaceMembers,
} from "@/db/schema";
import { GET as summaryRoute } from "@/app/api/data-health/route";
import { GET as listRoute } from "@/app/api/data-health/urls/route";
import { POST as fixRoute } from "@/app/api/data-health/fixes/route";
import { GET as getAlertRoute, PUT as putAlertRoute } from "@/app/api/data-health/alert/route";
import { ensureMonitoringRule } from "@/lib/alerts/rules/monitoring-rule";
import { sendAlertDigests } from "@/lib/alerts/delivery/send-alert-digests";
import { setShopStrategy } from "@/lib/fetching/access-settings";
import { currentMonth } from "@/lib/fetching/provider-budget";
import { claimTaskById } from "@/lib/jobs/claim-task-by-id";
import { runScrapeTask } from "@/lib/workers/run-scrape-task";
import { sweepDueUrls } from "@/lib/jobs/sweep-due-urls";
import { call, signUp } from "../helpers/api";
import { addMember, tokenIn } from "../helpers/workspaces";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { alertsUser, mailsTo, makeProduct } from "./alerts-fixtures";

let merchant: TMerchantServer;
beforeAll(async () => {
  merchant = await startMerchantServer();
  await getDb();
}, 180_000);
afterAll(async () => {
  await merchant.close();
});

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

type TSummary = {
  states: { state: string; label: string; count: number }[];
  total: number;
  freshness: { on_time: number; due: number; percent: number | null; label: string };
  shops: {
    shop: string;
    urls: number;
    checks: number;
    success_rate: number | null;
    median_ms: number | null;
    credits: number;
    paid_requests: number;
  }[];
};

async function setUrl(id: string, values: Partial<typeof productUrls.$inferInsert>) {
  const db = await getDb();
  await db.update(productUrls).set(values).where(eq(productUrls.id, id));
}

describe("URL states", () => {
  it("classifies each URL once (first match wins), counts them, filters by state and shop, pages by keyset", async () => {
    const user = await alertsUser();
    const { productId, urlIds } = await makeProduct(user.workspaceId, { urls: 8 });
    const [ok, late, blocked, gone, uncertain, lost, paused, pausedBlocked] = urlIds as [string, ...string[]];
    await setUrl(ok, { lastStatus: "ok", lastCheckedAt: ago(HOUR) });
    // daily: no check for 1 day + 6 h (the grace) and more
    await setUrl(late!, { lastStatus: "ok", lastCheckedAt: ago(31 * HOUR) });
    await setUrl(blocked!, { lastStatus: "blocked", lastCheckedAt: ago(HOUR), url: "https://www.bloque.example/p" });
    await setUrl(gone!, { lastStatus: "no_price", lastCheckedAt: ago(HOUR) });
    await setUrl(uncertain!, { lastStatus: "uncertain", lastCheckedAt: ago(HOUR) });
    await setUrl(lost!, { lastStatus: "ok", lastCheckedAt: ago(HOUR), selectorLostAt: ago(HOUR) });
    await setUrl(paused!, { paused: true, lastStatus: "ok", lastCheckedAt: ago(HOUR) });
    await setUrl(pausedBlocked!, { paused: true, lastStatus: "blocked", url: "https://bloque.example/q" });
    const summary = await call<TSummary>(summaryRoute, "/api/data-health", { token: user.token });
    expect(summary.status).toBe(200);
    expect(Object.fromEntries(summary.json.states.map((s) => [s.label, s.count]))).toEqual({
      "À jour": 1,
      "En retard": 1,
      Bloqué: 1,
      Introuvable: 1,
      "Prix incertain": 1,
      "Règle perdue": 1,
      "En pause": 2,
    });
    expect(summary.json.total).toBe(8);

    const byState = async (state: string) =>
      (await call(listRoute, "/api/data-health/urls", { token: user.token, query: { state } })).json.items.map(
        (i: { id: string }) => i.id,
      );
    expect(await byState("late")).toEqual([late]);
    expect(await byState("rule_lost")).toEqual([lost]);
    expect((await byState("paused")).sort()).toEqual([paused, pausedBlocked].sort());
    const shop = await call(listRoute, "/api/data-health/urls", {
      token: user.token,
      query: { shop: "bloque.example" },
    });
    expect(shop.json.items.map((i: { id: string; state: string }) => [i.id, i.state]).sort()).toEqual(
      [
        [blocked, "blocked"],
        [pausedBlocked, "paused"],
      ].sort(),
    );
    expect(shop.json.items[0]).toMatchObject({ product_id: productId, product_name: "Casque Sony WH-1000XM5" });

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const res = await call(listRoute, "/api/data-health/urls", {
        token: user.token,
        query: { limit: "3", ...(cursor ? { cursor } : {}) },
      });
      seen.push(...res.json.items.map((i: { id: string }) => i.id));
      cursor = res.json.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual([...urlIds].sort());
    expect(
      (await call(listRoute, "/api/data-health/urls", { token: user.token, query: { state: "cassé" } })).status,
    ).toBe(422);
    // a cursor goes with its order: an id for the lists in id order, due time and id for 'late' and 'à jour'
    const due = "2026-11-27T10:00:00.123456Z_" + urlIds[0];
    for (const [query, status] of [
      [{ cursor: due }, 422],
      [{ state: "late", cursor: urlIds[0] }, 422],
      [{ state: "up_to_date", cursor: "x_" + urlIds[0] }, 422],
      // instants PostgreSQL would refuse with an error: 30 February, hour 24, year 0
      [{ state: "late", cursor: "2026-02-30T10:00:00.000000Z_" + urlIds[0] }, 422],
      [{ state: "late", cursor: "2026-11-27T24:00:00.000000Z_" + urlIds[0] }, 422],
      [{ state: "up_to_date", cursor: "0000-01-01T00:00:00.000000Z_" + urlIds[0] }, 422],
      [{ state: "late", cursor: "9999-12-31T23:59:59.999999Z_" + urlIds[0] }, 200],
      [{ state: "late", cursor: due }, 200],
      [{ state: "blocked", cursor: urlIds[0] }, 200],
    ] as const)
      expect((await call(listRoute, "/api/data-health/urls", { token: user.token, query })).status).toBe(status);
    // a malformed cursor is said once
    const bad = await call(listRoute, "/api/data-health/urls", {
      token: user.token,
      query: { state: "late", cursor: "x" },
    });
    expect(bad.json.errors).toEqual({ cursor: ["Curseur invalide"] });
  });
});

describe("freshness and shops", () => {
  it("counts the scheduled checks of 7 days done within their period plus a quarter, and per shop rate, median, credits", async () => {
    const user = await alertsUser();
    const { productId, urlIds } = await makeProduct(user.workspaceId, { urls: 2 });
    const [a, b] = urlIds as [string, string];
    await setUrl(a, { url: "https://a.example/1" });
    await setUrl(b, { url: "https://www.b.example/2" });
    const db = await getDb();
    // a (daily): readings 2 days ago and 1 day ago; due 1 day after the previous reading, grace 6 h
    await db.insert(priceHistory).values([
      { urlId: a, price: "10.00", currency: "EUR", available: true, createdAt: ago(48 * HOUR) },
      { urlId: a, price: "10.00", currency: "EUR", available: true, createdAt: ago(23 * HOUR) },
    ]);
    const task = (v: Partial<typeof scrapeTasks.$inferInsert>) => ({
      workspaceId: user.workspaceId,
      productId,
      urlId: a,
      url: "https://a.example/1",
      trigger: "schedule" as const,
      ...v,
    });
    await db.insert(scrapeTasks).values([
      // queued 24 h after the reading of 48 h ago, done 1 s later: on time
      task({
        status: "completed",
        createdAt: ago(24 * HOUR),
        startedAt: ago(24 * HOUR),
        finishedAt: ago(24 * HOUR - 1000),
      }),
      // queued 22 h ago (previous reading 23 h ago), done 2 s later: on time
      task({
        status: "completed",
        createdAt: ago(22 * HOUR),
        startedAt: ago(22 * HOUR),
        finishedAt: ago(22 * HOUR - 2000),
      }),
      // queued 1 h ago after the reading of 23 h ago, failed: late
      task({ status: "failed", createdAt: ago(HOUR), startedAt: ago(HOUR), finishedAt: ago(HOUR - 4000) }),
      // queued 10 min ago, still waiting, its deadline (1 day after the reading, plus 6 h) not passed: not counted
      task({ status: "pending", createdAt: ago(600_000) }),
      // a manual check is no scheduled one
      task({
        status: "completed",
        trigger: "manual",
        createdAt: ago(HOUR),
        startedAt: ago(HOUR),
        finishedAt: ago(HOUR - 10_000),
      }),
      // older than 7 days: out of the window
      task({ status: "failed", createdAt: ago(8 * 24 * HOUR), finishedAt: ago(8 * 24 * HOUR) }),
      // b: scheduled, no previous reading, done 7 h after being queued (grace 6 h): late
      task({
        urlId: b,
        url: "https://www.b.example/2",
        host: "www.b.example",
        status: "completed",
        createdAt: ago(10 * HOUR),
        startedAt: ago(3 * HOUR + 3000),
        finishedAt: ago(3 * HOUR),
      }),
    ]);
    await db.insert(fetchUsage).values({
      workspaceId: user.workspaceId,
      month: currentMonth(),
      host: "a.example",
      requests: 5,
      credits: "12.50",
    });
    const { json } = await call<TSummary>(summaryRoute, "/api/data-health", { token: user.token });
    expect(json.freshness).toMatchObject({ on_time: 2, due: 4, percent: 50 });
    expect(json.freshness.label).toBe("50 % des relevés faits à l'heure ces 7 derniers jours");
    const shops = Object.fromEntries(json.shops.map((s) => [s.shop, s]));
    // a: 1 s, 2 s, 10 s completed and 4 s failed (the week-old one is out): median of 1, 2, 4, 10 = 3 s
    expect(shops["a.example"]).toMatchObject({
      urls: 1,
      checks: 4,
      success_rate: 75,
      median_ms: 3000,
      credits: 12.5,
      paid_requests: 5,
    });
    expect(shops["b.example"]).toMatchObject({ urls: 1, checks: 1, success_rate: 100, median_ms: 3000, credits: 0 });
  });

  it("a scheduled check carries its URL's latest reading when queued: its due time, without reading the history", async () => {
    const user = await alertsUser();
    const { urlIds } = await makeProduct(user.workspaceId, { urls: 2 });
    const [late, onTime] = urlIds as [string, string];
    const db = await getDb();
    // daily URLs, due now: read 40 h ago (due 16 h ago, grace 6 h: late) and 20 h ago (due in 4 h: on time)
    const readings = await db
      .insert(priceHistory)
      .values([
        { urlId: late, price: "10.00", currency: "EUR", available: true, createdAt: ago(40 * HOUR) },
        { urlId: onTime, price: "10.00", currency: "EUR", available: true, createdAt: ago(20 * HOUR) },
      ])
      .returning();
    for (const id of urlIds) await setUrl(id, { trackingFrequency: "daily", nextCheckAt: ago(1000) });
    const { tasks } = await sweepDueUrls({ workspaceId: user.workspaceId });
    expect(tasks).toHaveLength(2);
    for (const t of tasks) {
      const reading = readings.find((r) => r.urlId === t.urlId)!;
      const recorded = (t.metadata as { prev_reading_at?: string }).prev_reading_at;
      expect(new Date(recorded!).getTime()).toBe(reading.createdAt.getTime());
    }
    await db
      .update(scrapeTasks)
      .set({ status: "completed", startedAt: new Date(), finishedAt: new Date() })
      .where(eq(scrapeTasks.workspaceId, user.workspaceId));
    const { json } = await call<TSummary>(summaryRoute, "/api/data-health", { token: user.token });
    expect(json.freshness).toMatchObject({ on_time: 1, due: 2, percent: 50 });
  });
});

describe("bulk fixes", () => {
  it("another workspace's id answers 404 and changes nothing; a Lecteur gets 403; an Éditeur pauses, resumes, deletes", async () => {
    const owner = await alertsUser();
    const other = await alertsUser();
    const mine = await makeProduct(owner.workspaceId, { urls: 3 });
    const theirs = await makeProduct(other.workspaceId, { urls: 1 });
    const db = await getDb();
    const pausedOf = async (ids: string[]) => {
      const rows = await db.select({ id: productUrls.id, paused: productUrls.paused }).from(productUrls);
      const byId = new Map(rows.map((r) => [r.id, r.paused]));
      return ids.filter((id) => byId.has(id)).map((id) => byId.get(id));
    };

    for (const action of ["pause", "delete", "rescrape"] as const) {
      const res = await call(fixRoute, "/api/data-health/fixes", {
        token: owner.token,
        body: { action, url_ids: [mine.urlIds[0], theirs.urlIds[0]] },
      });
      expect(res.status).toBe(404);
      expect(res.json.detail).toBe("URL introuvable");
    }
    expect(await pausedOf([...mine.urlIds, ...theirs.urlIds])).toEqual([false, false, false, false]);
    expect(await db.select().from(scrapeTasks).where(eq(scrapeTasks.workspaceId, owner.workspaceId))).toHaveLength(0);

    const reader = await signUp();
    await addMember(owner.workspaceId, reader.userId, "reader");
    const readerToken = await tokenIn(owner.workspaceId, reader.userId);
    const refused = await call(fixRoute, "/api/data-health/fixes", {
      token: readerToken,
      body: { action: "delete", url_ids: mine.urlIds },
    });
    expect(refused.status).toBe(403);
    expect(await pausedOf(mine.urlIds)).toHaveLength(3);
    // reading is a Lecteur's right
    expect((await call(summaryRoute, "/api/data-health", { token: readerToken })).status).toBe(200);

    const editor = await signUp();
    await addMember(owner.workspaceId, editor.userId, "editor");
    const editorToken = await tokenIn(owner.workspaceId, editor.userId);
    const pause = await call(fixRoute, "/api/data-health/fixes", {
      token: editorToken,
      body: { action: "pause", url_ids: mine.urlIds.slice(0, 2) },
    });
    expect(pause.json).toMatchObject({ action: "pause", changed: 2, message: "2 URL(s) mise(s) en pause" });
    expect(await pausedOf(mine.urlIds)).toEqual([true, true, false]);
    // the shops' strategy is the owner's, as on /access
    const strategy = await call(fixRoute, "/api/data-health/fixes", {
      token: editorToken,
      body: { action: "strategy", strategy: "browser", url_ids: [mine.urlIds[2]] },
    });
    expect(strategy.status).toBe(403);
    const ownerStrategy = await call(fixRoute, "/api/data-health/fixes", {
      token: owner.token,
      body: { action: "strategy", strategy: "browser", url_ids: mine.urlIds },
    });
    expect(ownerStrategy.json.changed).toBe(3);
    const shops = await db.select().from(shopAccess).where(eq(shopAccess.workspaceId, owner.workspaceId));
    expect(shops.map((s) => [s.host, s.strategy]).sort()).toEqual([
      ["marchand-1.example", "browser"],
      ["marchand-2.example", "browser"],
      ["marchand-3.example", "browser"],
    ]);
    const rescrape = await call(fixRoute, "/api/data-health/fixes", {
      token: editorToken,
      body: { action: "rescrape", url_ids: mine.urlIds },
    });
    // paused URLs are read-only: only the third is queued
    expect(rescrape.json.changed).toBe(1);
    const resume = await call(fixRoute, "/api/data-health/fixes", {
      token: editorToken,
      body: { action: "resume", url_ids: mine.urlIds },
    });
    expect(resume.json.changed).toBe(2);
    const del = await call(fixRoute, "/api/data-health/fixes", {
      token: editorToken,
      body: { action: "delete", url_ids: [mine.urlIds[0]] },
    });
    expect(del.json.changed).toBe(1);
    expect(await pausedOf(mine.urlIds)).toEqual([false, false]);
    const bad = await call(fixRoute, "/api/data-health/fixes", {
      token: editorToken,
      body: { action: "strategy", url_ids: [mine.urlIds[1]] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe("Choisissez une stratégie d'accès");
  });
});

describe("Surveillance interrompue", () => {
  async function checkOnce(workspaceId: string, productId: string, urlId: string, url: string) {
    const db = await getDb();
    const [row] = await db
      .insert(scrapeTasks)
      .values({ workspaceId, productId, urlId, url, trigger: "schedule", maxRetries: 0 })
      .returning();
    const { task } = await claimTaskById(row!.id, "test-worker");
    return runScrapeTask(task!, { workerId: "test-worker" });
  }

  it("a URL blocked 3 times in a row fires once; again only after a success and 3 new failures", async () => {
    const user = await alertsUser();
    const { productId, urlIds } = await makeProduct(user.workspaceId);
    const urlId = urlIds[0]!;
    const db = await getDb();
    await setShopStrategy(db, user.workspaceId, { host: "127.0.0.1", strategy: "direct" });
    const blocked = `${merchant.url}/bot/datadome`;
    await setUrl(urlId, { url: blocked });
    const events = () =>
      db
        .select()
        .from(alertEvents)
        .where(and(eq(alertEvents.workspaceId, user.workspaceId), eq(alertEvents.urlId, urlId)));

    for (let i = 1; i <= 2; i += 1) {
      expect(await checkOnce(user.workspaceId, productId, urlId, blocked)).toMatchObject({ status: "failed" });
    }
    expect(await events()).toHaveLength(0);
    await checkOnce(user.workspaceId, productId, urlId, blocked);
    const [event] = await events();
    expect(event).toMatchObject({ status: "sent", delivery: "instant" });
    expect(event!.details).toMatchObject({ kind: "monitoring_stopped", failures: 3 });
    for (let i = 0; i < 3; i += 1) await checkOnce(user.workspaceId, productId, urlId, blocked);
    expect(await events()).toHaveLength(1);
    const mails = (await mailsTo(user.account.email)).filter((m) => m.kind === "alert");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Surveillance interrompue");
    expect(mails[0]!.text).toContain("3 relevés d'affilée en échec");

    // a success opens a new run: 3 more failures fire a second time
    const page = `${merchant.url}/product/surveillance`;
    await setUrl(urlId, { url: page });
    expect(await checkOnce(user.workspaceId, productId, urlId, page)).toMatchObject({ status: "completed" });
    await setUrl(urlId, { url: blocked });
    for (let i = 0; i < 3; i += 1) await checkOnce(user.workspaceId, productId, urlId, blocked);
    expect(await events()).toHaveLength(2);
  });

  it("is the workspace's built-in alert: on by default at 3, its threshold and switch editable by an Éditeur", async () => {
    const user = await alertsUser();
    const got = await call(getAlertRoute, "/api/data-health/alert", { token: user.token });
    expect(got.json).toMatchObject({
      kind: "monitoring_stopped",
      kind_label: "Surveillance interrompue",
      active: true,
      failure_threshold: 3,
    });
    const put = await call(putAlertRoute, "/api/data-health/alert", {
      method: "PUT",
      token: user.token,
      body: { failure_threshold: 5 },
    });
    expect(put.json).toMatchObject({
      failure_threshold: 5,
      description: "Surveillance interrompue : 5 relevés en échec ou bloqués d'affilée",
    });
    const bad = await call(putAlertRoute, "/api/data-health/alert", {
      method: "PUT",
      token: user.token,
      body: { failure_threshold: 1 },
    });
    expect(bad.status).toBe(422);

    // off: 3 failures fire nothing
    await call(putAlertRoute, "/api/data-health/alert", {
      method: "PUT",
      token: user.token,
      body: { active: false, failure_threshold: 3 },
    });
    const { productId, urlIds } = await makeProduct(user.workspaceId);
    const db = await getDb();
    await setShopStrategy(db, user.workspaceId, { host: "127.0.0.1", strategy: "direct" });
    const blocked = `${merchant.url}/bot/cloudflare`;
    await setUrl(urlIds[0]!, { url: blocked });
    for (let i = 0; i < 3; i += 1) await checkOnce(user.workspaceId, productId, urlIds[0]!, blocked);
    expect(await db.select().from(alertEvents).where(eq(alertEvents.workspaceId, user.workspaceId))).toHaveLength(0);
  });
});

describe("daily digest", () => {
  it("carries the summary of broken URLs", async () => {
    const user = await alertsUser();
    const db = await getDb();
    await db
      .update(workspaceMembers)
      .set({ alertMode: "digest" })
      .where(and(eq(workspaceMembers.workspaceId, user.workspaceId), eq(workspaceMembers.userId, user.userId)));
    const { productId, urlIds } = await makeProduct(user.workspaceId, { urls: 3, name: "Robot Moulinex" });
    await setUrl(urlIds[0]!, { lastStatus: "blocked", consecutiveFailures: 4, lastCheckedAt: ago(HOUR) });
    await setUrl(urlIds[1]!, { lastStatus: "no_price", consecutiveFailures: 1, lastCheckedAt: ago(HOUR) });
    await setUrl(urlIds[2]!, { lastStatus: "ok", lastCheckedAt: ago(HOUR) });
    const rule = await ensureMonitoringRule(db, user.workspaceId);
    const [event] = await db
      .insert(alertEvents)
      .values({
        ruleId: rule.id,
        workspaceId: user.workspaceId,
        productId,
        urlId: urlIds[0]!,
        dedupeKey: `test-digest:${urlIds[0]}`,
        details: {
          kind: "monitoring_stopped",
          rule_description: "x",
          product_name: "Robot Moulinex",
          url_name: "Marchand 1",
          url: "https://marchand-1.example/produit",
          available: false,
          observed_at: new Date().toISOString(),
        },
        delivery: "digest",
      })
      .returning();
    await enqueueEmailDeliveries(db, event!);
    await sendAlertDigests();
    const [mail] = (await mailsTo(user.account.email)).filter((m) => m.kind === "alert_digest");
    expect(mail?.text).toContain("2 URLs en panne : santé des données");
    expect(mail?.text).toContain("Bloqué : 1 · Introuvable : 1");
    expect(mail?.text).toContain("Robot Moulinex chez Marchand 1 — Bloqué (4 échecs d'affilée)");
    expect(mail?.text).toContain("Robot Moulinex chez Marchand 2 — Introuvable (1 échec d'affilée)");
    expect(mail?.text).toContain("/data-health");
  });
});
