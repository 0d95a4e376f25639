import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { alertEvents, alertRules } from "@/db/schema";
import { GET as listRules, POST as createRule } from "@/app/api/products/[id]/alerts/route";
import { DELETE as deleteRule, PATCH as patchRule } from "@/app/api/products/[id]/alerts/[ruleId]/route";
import { GET as listEvents } from "@/app/api/products/[id]/alert-events/route";
import { POST as sendTest } from "@/app/api/alerts/test/route";
import { GET as readUnsubscribe, POST as unsubscribe } from "@/app/api/alerts/unsubscribe/route";
import { GET as getPrefs, PUT as putPrefs } from "@/app/api/users/me/alert-preferences/route";
import { errorDetail } from "@/lib/http/error-table";
import { evaluateNewPrice } from "@/lib/alerts/evaluation/evaluate-new-price";
import { ALERT_MSG } from "@/lib/alerts/schemas";
import { signUnsubscribeToken } from "@/lib/alerts/unsubscribe/sign-unsubscribe-token";
import { call } from "../helpers/api";
import { addPrice, addRule, alertsUser, mailsTo, makeProduct, setPlan } from "./alerts-fixtures";

// a cold start (migrations, first render) can be slow on a busy machine; keep it out of the first test
beforeAll(async () => {
  await getDb();
}, 180_000);

const rulesPath = (id: string) => `/api/products/${id}/alerts`;

async function setup(plan: "freemium" | "professionnel" = "professionnel") {
  const user = await alertsUser(plan);
  const product = await makeProduct(user.workspaceId, { urls: 2, referencePrice: "100.00" });
  return { ...user, ...product };
}

describe("alert rules API", () => {
  it("creates, lists, updates and deletes rules of the user's product", async () => {
    const { token, productId, urlIds } = await setup();
    const created = await call(createRule, rulesPath(productId), {
      token,
      params: { id: productId },
      body: { kind: "drop", threshold_percent: "10", url_id: urlIds[1], cooldown_minutes: 30 },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      kind: "drop",
      threshold_percent: "10.00",
      threshold_amount: null,
      url_id: urlIds[1],
      url_name: "Marchand 2",
      cooldown_minutes: 30,
      active: true,
      description: "Baisse d'au moins 10 %",
      kind_label: "Baisse de prix",
    });
    const range = await call(createRule, rulesPath(productId), {
      token,
      params: { id: productId },
      body: { kind: "out_of_range", min_price: 49.9, max_price: "80,00" },
    });
    expect(range.status).toBe(201);
    expect(range.json).toMatchObject({
      min_price: "49.90",
      max_price: "80.00",
      url_id: null,
      url_name: null,
      cooldown_minutes: 60,
    });

    const list = await call(listRules, rulesPath(productId), { token, params: { id: productId } });
    expect(list.status).toBe(200);
    expect(list.json.has_email_alerts).toBe(true);
    expect(list.json.reference_price).toBe("100.00");
    expect(list.json.rules.map((r: { id: string }) => r.id)).toEqual([created.json.id, range.json.id]);

    const ruleParams = { id: productId, ruleId: range.json.id };
    const patched = await call(patchRule, `${rulesPath(productId)}/${range.json.id}`, {
      method: "PATCH",
      token,
      params: ruleParams,
      body: { max_price: "90" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ min_price: "49.90", max_price: "90.00" });
    const invalid = await call(patchRule, `${rulesPath(productId)}/${range.json.id}`, {
      method: "PATCH",
      token,
      params: ruleParams,
      body: { min_price: "95" },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.detail).toBe(ALERT_MSG.minBelowMax);
    const empty = await call(patchRule, `${rulesPath(productId)}/${range.json.id}`, {
      method: "PATCH",
      token,
      params: ruleParams,
      body: {},
    });
    expect(empty.status).toBe(422);
    expect(empty.json.detail).toBe(ALERT_MSG.nothingToUpdate);

    const removed = await call(deleteRule, `${rulesPath(productId)}/${range.json.id}`, {
      method: "DELETE",
      token,
      params: ruleParams,
    });
    expect(removed.status).toBe(200);
    const after = await call(listRules, rulesPath(productId), { token, params: { id: productId } });
    expect(after.json.rules).toHaveLength(1);
    const again = await call(deleteRule, `${rulesPath(productId)}/${range.json.id}`, {
      method: "DELETE",
      token,
      params: ruleParams,
    });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ detail: "Règle d'alerte introuvable", code: "not_found" });
  });

  it.each([
    [{ kind: "drop" }, ALERT_MSG.thresholdRequired],
    [{ kind: "below", min_price: "abc" }, ALERT_MSG.amount],
    [{ kind: "out_of_range", min_price: "10", max_price: "10" }, ALERT_MSG.minBelowMax],
    [{ kind: "sometimes" }, ALERT_MSG.kind],
    [{ kind: "any_change", url_id: "pas-un-id" }, ALERT_MSG.urlId],
  ])("answers 422 with a French message for %o", async (body, detail) => {
    const { token, productId } = await setup();
    const res = await call(createRule, rulesPath(productId), { token, params: { id: productId }, body });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ detail, code: "validation_error" });
  });

  it("treats another user's product, rule or URL as not found", async () => {
    const alice = await setup();
    const bob = await setup();
    const rule = await addRule(alice.workspaceId, alice.productId, { kind: "any_change" });
    const foreignProduct = await call(listRules, rulesPath(alice.productId), {
      token: bob.token,
      params: { id: alice.productId },
    });
    expect(foreignProduct.status).toBe(404);
    const create = await call(createRule, rulesPath(alice.productId), {
      token: bob.token,
      params: { id: alice.productId },
      body: { kind: "any_change" },
    });
    expect(create.status).toBe(404);
    const foreignUrl = await call(createRule, rulesPath(bob.productId), {
      token: bob.token,
      params: { id: bob.productId },
      body: { kind: "any_change", url_id: alice.urlIds[0] },
    });
    expect(foreignUrl.status).toBe(404);
    expect(foreignUrl.json.detail).toBe("URL introuvable");
    const patch = await call(patchRule, "/x", {
      method: "PATCH",
      token: bob.token,
      params: { id: bob.productId, ruleId: rule.id },
      body: { active: false },
    });
    expect(patch.status).toBe(404);
    const del = await call(deleteRule, "/x", {
      method: "DELETE",
      token: bob.token,
      params: { id: alice.productId, ruleId: rule.id },
    });
    expect(del.status).toBe(404);
    const events = await call(listEvents, "/x", { token: bob.token, params: { id: alice.productId } });
    expect(events.status).toBe(404);
    const db = await getDb();
    expect((await db.select().from(alertRules).where(eq(alertRules.id, rule.id)))[0]!.active).toBe(true);
  });

  it("requires authentication", async () => {
    const { productId } = await setup();
    const res = await call(listRules, rulesPath(productId), { params: { id: productId } });
    expect(res.status).toBe(401);
    expect((await call(getPrefs, "/api/users/me/alert-preferences")).status).toBe(401);
  });
});

describe("plan gating", () => {
  it("refuses rules and test alerts on a plan without e-mail alerts, with a French 403", async () => {
    const { token, workspaceId, productId } = await setup("freemium");
    const res = await call(createRule, rulesPath(productId), {
      token,
      params: { id: productId },
      body: { kind: "any_change" },
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ detail: errorDetail("plan_no_email_alerts"), code: "plan_no_email_alerts" });
    const list = await call(listRules, rulesPath(productId), { token, params: { id: productId } });
    expect(list.json).toMatchObject({ rules: [], has_email_alerts: false });
    const test = await call(sendTest, "/api/alerts/test", { token, body: { product_id: productId } });
    expect(test.status).toBe(403);

    // a rule kept from a former paid plan can be switched off or deleted, not changed
    const rule = await addRule(workspaceId, productId, { kind: "below", minPrice: "10" });
    const params = { id: productId, ruleId: rule.id };
    const change = await call(patchRule, "/x", { method: "PATCH", token, params, body: { min_price: "20" } });
    expect(change.status).toBe(403);
    const off = await call(patchRule, "/x", { method: "PATCH", token, params, body: { active: false } });
    expect(off.status).toBe(200);
    expect(off.json.active).toBe(false);
    const on = await call(patchRule, "/x", { method: "PATCH", token, params, body: { active: true } });
    expect(on.status).toBe(403);

    await setPlan(workspaceId, "professionnel");
    const allowed = await call(createRule, rulesPath(productId), {
      token,
      params: { id: productId },
      body: { kind: "any_change" },
    });
    expect(allowed.status).toBe(201);
  });
});

describe("alert events and test alerts", () => {
  it("sends a test alert, records it and lists it with the real alerts", async () => {
    const { token, workspaceId, account, productId, urlIds } = await setup();
    const none = await call(sendTest, "/api/alerts/test", { token, body: { product_id: productId } });
    expect(none.status).toBe(422);
    expect(none.json.code).toBe("no_alert_rule");

    const rule = await addRule(workspaceId, productId, { kind: "below", minPrice: "50" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "60.00") });
    await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "45.50") });

    const test = await call(sendTest, "/api/alerts/test", { token, body: { product_id: productId } });
    expect(test.status).toBe(200);
    expect(test.json.message).toBe(`Alerte de test envoyée à ${account.email}`);
    expect(test.json.event).toMatchObject({
      delivery: "test",
      status: "sent",
      rule_id: rule.id,
      old_price: "60.00",
      new_price: "45.50",
    });

    const mails = await mailsTo(account.email);
    expect(mails.map((m) => m.kind).sort()).toEqual(["alert", "alert_test"]);
    const testMail = mails.find((m) => m.kind === "alert_test")!;
    expect(testMail.subject).toBe(
      "[Test] Prix sous votre minimum : Casque Sony WH-1000XM5 chez Marchand 1 (45,50\u00a0€)",
    );
    expect(testMail.text).toContain("Ceci est une alerte de test");

    const events = await call(listEvents, `/api/products/${productId}/alert-events`, {
      token,
      params: { id: productId },
    });
    expect(events.status).toBe(200);
    expect(events.json.map((e: { delivery: string }) => e.delivery)).toEqual(["test", "instant"]);
    expect(events.json[1]).toMatchObject({
      headline: "Prix sous votre minimum",
      description: "Prix sous 50,00\u00a0€",
      url_name: "Marchand 1",
      old_price: "60.00",
      new_price: "45.50",
      variation: "-14,50\u00a0€ (-24,17 %)",
      status: "sent",
    });
    const unknownRule = await call(sendTest, "/api/alerts/test", {
      token,
      body: { product_id: productId, rule_id: randomUUID() },
    });
    expect(unknownRule.status).toBe(404);
  });
});

describe("alert preferences", () => {
  it("reads and switches between instant alerts and the daily digest", async () => {
    const { token } = await setup();
    const initial = await call(getPrefs, "/api/users/me/alert-preferences", { token });
    expect(initial.json).toEqual({ alert_mode: "instant", has_email_alerts: true });
    const put = await call(putPrefs, "/api/users/me/alert-preferences", {
      method: "PUT",
      token,
      body: { alert_mode: "digest" },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ alert_mode: "digest", message: "Préférences d'alerte enregistrées" });
    expect((await call(getPrefs, "/api/users/me/alert-preferences", { token })).json.alert_mode).toBe("digest");
    const bad = await call(putPrefs, "/api/users/me/alert-preferences", {
      method: "PUT",
      token,
      body: { alert_mode: "weekly" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe(ALERT_MSG.alertMode);
  });
});

describe("unsubscribe links", () => {
  it("GET describes without changing anything; POST (one-click) switches the rule off", async () => {
    const { workspaceId, productId } = await setup();
    const rule = await addRule(workspaceId, productId, { kind: "drop", thresholdAmount: "5.00" });
    const other = await addRule(workspaceId, productId, { kind: "any_change" });
    const token = signUnsubscribeToken({ workspaceId, ruleId: rule.id });

    const read = await call(readUnsubscribe, "/api/alerts/unsubscribe", { query: { token } });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      scope: "rule",
      active: true,
      product_name: "Casque Sony WH-1000XM5",
      rule_description: "Baisse d'au moins 5,00\u00a0€",
    });
    const db = await getDb();
    expect((await db.select().from(alertRules).where(eq(alertRules.id, rule.id)))[0]!.active).toBe(true);

    const res = await call(unsubscribe, "/api/alerts/unsubscribe", {
      method: "POST",
      query: { token },
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(res.json.scope).toBe("rule");
    const rows = await db.select().from(alertRules).where(eq(alertRules.workspaceId, workspaceId));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.active]))).toEqual({ [rule.id]: false, [other.id]: true });
    const twice = await call(unsubscribe, "/api/alerts/unsubscribe", { method: "POST", query: { token } });
    expect(twice.status).toBe(200);
  });

  it("an all-alerts link stops the member's alert e-mails there (rules stay on) and drops theirs waiting for the digest", async () => {
    const { userId, workspaceId, productId, urlIds } = await setup();
    const a = await addRule(workspaceId, productId, { kind: "below", minPrice: "50" });
    await addRule(workspaceId, productId, { kind: "any_change" });
    const db = await getDb();
    const { workspaceMembers } = await import("@/db/schema");
    await db
      .update(workspaceMembers)
      .set({ alertMode: "digest" })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "40.00") });
    const token = signUnsubscribeToken({ workspaceId });
    const res = await call(unsubscribe, "/api/alerts/unsubscribe", { method: "POST", query: { token } });
    expect(res.json).toMatchObject({ scope: "all" });
    const rules = await db.select().from(alertRules).where(eq(alertRules.workspaceId, workspaceId));
    expect(rules.every((r) => r.active)).toBe(true);
    const [member] = await db
      .select({ alertMode: workspaceMembers.alertMode })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    expect(member!.alertMode).toBe("none");
    const { alertEmailDeliveries } = await import("@/db/schema");
    const [event] = await db.select().from(alertEvents).where(eq(alertEvents.ruleId, a.id));
    const mails = await db.select().from(alertEmailDeliveries).where(eq(alertEmailDeliveries.eventId, event!.id));
    expect(mails.map((m) => [m.userId, m.status])).toEqual([[userId, "skipped"]]);
  });

  it("refuses tampered, forged or truncated tokens with 400 and changes nothing", async () => {
    const { workspaceId, productId } = await setup();
    const victim = await setup();
    const rule = await addRule(victim.workspaceId, victim.productId, { kind: "any_change" });
    const mine = signUnsubscribeToken({ workspaceId });
    const signature = mine.split(".")[1];
    const forged = `${Buffer.from(`${victim.workspaceId}:${rule.id}`).toString("base64url")}.${signature}`;
    for (const token of [
      forged,
      mine.slice(0, -2),
      "n'importe quoi",
      signUnsubscribeToken({ workspaceId: victim.workspaceId }, "mauvais-secret"),
    ]) {
      const get = await call(readUnsubscribe, "/api/alerts/unsubscribe", { query: { token } });
      const post = await call(unsubscribe, "/api/alerts/unsubscribe", { method: "POST", query: { token } });
      expect([get.status, post.status]).toEqual([400, 400]);
      expect(post.json).toEqual({ detail: ALERT_MSG.token, code: "invalid_token" });
    }
    const missing = await call(unsubscribe, "/api/alerts/unsubscribe", { method: "POST" });
    expect(missing.status).toBe(422);
    const db = await getDb();
    expect((await db.select().from(alertRules).where(eq(alertRules.id, rule.id)))[0]!.active).toBe(true);
    void productId;
  });
});
