import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listChannels, POST as createChannel } from "@/app/api/alert-channels/route";
import { DELETE as deleteChannel } from "@/app/api/alert-channels/[id]/route";
import { GET as listDeliveries } from "@/app/api/alert-channels/[id]/deliveries/route";
import { POST as testChannel } from "@/app/api/alert-channels/[id]/test/route";
import { GET as listRules, POST as createRule } from "@/app/api/products/[id]/alerts/route";
import { PATCH as patchRule } from "@/app/api/products/[id]/alerts/[ruleId]/route";
import { getDb } from "@/db";
import { alertChannelDeliveries, alertChannels, alertEvents } from "@/db/schema";
import { createAlertChannel } from "@/lib/alerts/channels/create-alert-channel";
import { deliverChannelMessages } from "@/lib/alerts/channels/deliver-channel-messages";
import { CHANNEL_MSG, MAX_ALERT_CHANNELS } from "@/lib/alerts/channels/schemas";
import { evaluateNewPrice } from "@/lib/alerts/evaluation/evaluate-new-price";
import { call } from "../helpers/api";
import { startFakeChannel } from "../helpers/fake-channel";
import { addPrice, addRule, alertsUser, makeProduct } from "./alerts-fixtures";

beforeAll(async () => {
  await getDb();
}, 180_000);

const servers: Awaited<ReturnType<typeof startFakeChannel>>[] = [];
async function receiver(options?: Parameters<typeof startFakeChannel>[0]) {
  const s = await startFakeChannel(options);
  servers.push(s);
  return s;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function addChannel(token: string, body: { kind: string; name: string; url: string }) {
  const res = await call(createChannel, "/api/alert-channels", { token, body });
  expect(res.status).toBe(201);
  return res.json;
}

/** A product with a 'drop' rule sending to the channel, and a drop that fires it. */
async function fireDrop(token: string, workspaceId: string, channelId: string) {
  const { productId, urlIds } = await makeProduct(workspaceId, { name: "Casque Sony WH-1000XM5" });
  const rule = await call(createRule, `/api/products/${productId}/alerts`, {
    token,
    params: { id: productId },
    body: { kind: "drop", threshold_percent: "5", cooldown_minutes: 0, channel_ids: [channelId] },
  });
  expect(rule.status).toBe(201);
  expect(rule.json.channel_ids).toEqual([channelId]);
  await addPrice(urlIds[0]!, "100.00");
  const result = await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "80.00") });
  expect(result).toMatchObject({ status: "evaluated", fired: [expect.any(String)] });
  return { productId, ruleId: rule.json.id as string, eventId: (result as { fired: string[] }).fired[0]! };
}

async function deliveryOf(eventId: string) {
  const db = await getDb();
  const [row] = await db.select().from(alertChannelDeliveries).where(eq(alertChannelDeliveries.alertEventId, eventId));
  return row!;
}

describe("alert channels", () => {
  it("signs a webhook the receiver can verify with the secret shown once", async () => {
    const { token, workspaceId } = await alertsUser();
    const hook = await receiver();
    const channel = await addChannel(token, { kind: "webhook", name: "ERP", url: `${hook.url}/hook` });
    expect(channel.secret).toMatch(/^whsec_/);
    expect(channel.message).toBe(CHANNEL_MSG.createdWebhook);
    const listed = await call(listChannels, "/api/alert-channels", { token });
    expect(listed.json.channels).toEqual([expect.objectContaining({ id: channel.id, kind: "webhook", signed: true })]);
    expect(JSON.stringify(listed.json)).not.toContain(channel.secret);

    const { productId, eventId } = await fireDrop(token, workspaceId, channel.id);
    await vi.waitFor(() => expect(hook.received).toHaveLength(1), { timeout: 10_000 });
    const [got] = hook.received;
    const timestamp = String(got!.headers["x-veilleprix-timestamp"]);
    const expected = createHmac("sha256", channel.secret).update(`${timestamp}.${got!.body}`).digest("hex");
    expect(got!.headers["x-veilleprix-signature"]).toBe(`v1=${expected}`);
    expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({
      type: "alert",
      id: eventId,
      alert: {
        kind: "drop",
        product_id: productId,
        product_name: "Casque Sony WH-1000XM5",
        old_price: "100.00",
        new_price: "80.00",
        currency: "EUR",
      },
    });
    await vi.waitFor(async () => expect((await deliveryOf(eventId)).status).toBe("sent"), { timeout: 10_000 });
    const log = await call(listDeliveries, `/api/alert-channels/${channel.id}/deliveries`, {
      token,
      params: { id: channel.id },
    });
    expect(log.json.deliveries).toEqual([
      expect.objectContaining({ status: "sent", http_status: 200, attempts: 1, error: null, test: false }),
    ]);
    // re-running the evaluation sends nothing twice
    await deliverChannelMessages();
    expect(hook.received).toHaveLength(1);
    const db = await getDb();
    const [event] = await db.select().from(alertEvents).where(eq(alertEvents.id, eventId));
    expect(event!.status).toBe("sent"); // the e-mail went out as before
  });

  it("sends a delivery the database has just made due although this process's clock lags behind", async () => {
    const { token, workspaceId } = await alertsUser();
    const hook = await receiver();
    const channel = await addChannel(token, { kind: "webhook", name: "Horloge", url: `${hook.url}/hook` });
    const db = await getDb();
    const [row] = await db
      .insert(alertChannelDeliveries)
      .values({
        channelId: channel.id,
        workspaceId,
        payload: { type: "test", alert: { kind_label: "", product_name: "" } },
      })
      .returning();
    const lagging = new Date(row!.nextAttemptAt.getTime() - 60_000);
    expect(await deliverChannelMessages({ ids: [row!.id], now: lagging })).toMatchObject({ sent: 1 });
    expect(hook.received).toHaveLength(1);
  });

  it("retries a failing endpoint with backoff until it answers", async () => {
    const { token, workspaceId } = await alertsUser();
    const hook = await receiver({ failures: 2 });
    const channel = await addChannel(token, { kind: "webhook", name: "Instable", url: `${hook.url}/hook` });
    const { eventId } = await fireDrop(token, workspaceId, channel.id);
    await vi.waitFor(async () => expect((await deliveryOf(eventId)).attempts).toBe(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await deliveryOf(eventId)).claimedAt).toBeNull(), { timeout: 10_000 });
    const first = await deliveryOf(eventId);
    expect(first).toMatchObject({ status: "pending", httpStatus: 500 });
    expect(first.error).toContain("HTTP 500");
    // not due yet: nothing is sent
    expect(await deliverChannelMessages({ now: new Date() })).toMatchObject({ sent: 0, retrying: 0 });
    const second = await deliverChannelMessages({ now: new Date(first.nextAttemptAt.getTime() + 1000) });
    expect(second).toMatchObject({ retrying: 1 });
    const again = await deliveryOf(eventId);
    expect(again.nextAttemptAt.getTime() - first.nextAttemptAt.getTime()).toBeGreaterThan(100_000);
    const third = await deliverChannelMessages({ now: new Date(again.nextAttemptAt.getTime() + 1000) });
    expect(third).toMatchObject({ sent: 1 });
    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
    expect(await deliveryOf(eventId)).toMatchObject({ status: "sent", attempts: 3, httpStatus: 200, error: null });
  });

  it("formats Slack and Teams messages for them and sends a test on demand", async () => {
    const { token } = await alertsUser();
    const hook = await receiver();
    const slack = await addChannel(token, { kind: "slack", name: "#prix", url: `${hook.url}/services/T0/B0/xyz` });
    const teams = await addChannel(token, { kind: "teams", name: "Équipe", url: `${hook.url}/webhookb2/abc` });
    expect(slack.secret).toBeUndefined();
    const slackTest = await call(testChannel, `/api/alert-channels/${slack.id}/test`, {
      method: "POST",
      token,
      params: { id: slack.id },
    });
    expect(slackTest.status).toBe(200);
    expect(slackTest.json).toMatchObject({
      message: "Message de test envoyé",
      delivery: { status: "sent", test: true },
    });
    const teamsTest = await call(testChannel, `/api/alert-channels/${teams.id}/test`, {
      method: "POST",
      token,
      params: { id: teams.id },
    });
    expect(teamsTest.json.delivery.status).toBe("sent");
    const [slackBody, teamsBody] = hook.received.map((r) => JSON.parse(r.body));
    expect(hook.received[0]!.headers["x-veilleprix-signature"]).toBeUndefined();
    expect(slackBody.text).toContain("[Test] Baisse de prix détectée : Produit d'exemple");
    expect(slackBody.blocks[0]).toMatchObject({ type: "header" });
    expect(slackBody.blocks[1].fields).toContainEqual({
      type: "mrkdwn",
      text: "*Marchand*\n<http://localhost:3000|Marchand d'exemple>",
    });
    expect(teamsBody).toMatchObject({
      "@type": "MessageCard",
      summary: "[Test] Baisse de prix détectée : Produit d'exemple",
      sections: [{ activitySubtitle: "Produit d'exemple" }],
    });
    expect(teamsBody.sections[0].facts).toContainEqual({
      name: "Ancien prix",
      value: expect.stringContaining("129,99"),
    });
  });

  it("refuses private addresses, names resolving to them and redirects, without reaching them", async () => {
    const { token, workspaceId } = await alertsUser();
    const internal = await receiver();
    const off = { allowPrivate: false };
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://10.0.0.8/hook",
      "http://[::1]/hook",
      "http://169.254.169.254/",
    ]) {
      await expect(createAlertChannel(workspaceId, { kind: "webhook", name: "x", url }, off)).rejects.toMatchObject({
        code: "invalid_channel_url",
        message: expect.stringContaining("Adresse refusée"),
      });
    }
    const rebinding = { ...off, resolve: async () => [{ address: "127.0.0.1", family: 4 as const }] };
    await expect(
      createAlertChannel(workspaceId, { kind: "slack", name: "x", url: "https://hooks.exemple.fr/a" }, rebinding),
    ).rejects.toMatchObject({ code: "invalid_channel_url" });
    const bad = await call(createChannel, "/api/alert-channels", {
      token,
      body: { kind: "teams", name: "x", url: "ftp://exemple.fr/x" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe("Seules les adresses http et https sont acceptées");

    // a channel accepted earlier whose address is refused when sending: never reached
    const channel = await addChannel(token, { kind: "webhook", name: "Local", url: `${internal.url}/hook` });
    const test = await call(testChannel, `/api/alert-channels/${channel.id}/test`, {
      method: "POST",
      token,
      params: { id: channel.id },
    });
    expect(test.json.delivery.status).toBe("sent");
    // DNS rebinding: the name now resolves to a private address, checked again at the connection
    const db = await getDb();
    await db
      .update(alertChannels)
      .set({ url: "http://hooks.exemple.fr:8080/hook" })
      .where(eq(alertChannels.id, channel.id));
    const [row] = await db
      .insert(alertChannelDeliveries)
      .values({
        channelId: channel.id,
        workspaceId,
        payload: { type: "test", alert: { kind_label: "", product_name: "" } },
      })
      .returning();
    await deliverChannelMessages({ ids: [row!.id], post: rebinding });
    const [refused] = await db.select().from(alertChannelDeliveries).where(eq(alertChannelDeliveries.id, row!.id));
    expect(refused).toMatchObject({ status: "failed", httpStatus: null });
    expect(refused!.error).toContain("Adresse refusée");
    expect(internal.received).toHaveLength(1);

    // a redirect is never followed (here to a private address)
    const redirecting = await receiver({ redirectTo: `${internal.url}/secret` });
    const moved = await addChannel(token, { kind: "webhook", name: "Redirige", url: `${redirecting.url}/hook` });
    const res = await call(testChannel, `/api/alert-channels/${moved.id}/test`, {
      method: "POST",
      token,
      params: { id: moved.id },
    });
    expect(res.json.delivery).toMatchObject({
      status: "failed",
      http_status: 307,
      error: "Redirection refusée (HTTP 307)",
    });
    expect(redirecting.received).toHaveLength(1);
    expect(internal.received.map((r) => r.path)).toEqual(["/hook"]);
  });

  it("holds the channel limit when several are added at once", async () => {
    const { token, workspaceId } = await alertsUser();
    const hook = await receiver();
    const db = await getDb();
    await db.insert(alertChannels).values(
      Array.from({ length: MAX_ALERT_CHANNELS - 1 }, (_, i) => ({
        workspaceId,
        kind: "slack" as const,
        name: `Canal ${i}`,
        url: `${hook.url}/c${i}`,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(createChannel, "/api/alert-channels", {
          token,
          body: { kind: "webhook", name: `Concurrent ${i}`, url: `${hook.url}/hook` },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.json.detail).toBe(CHANNEL_MSG.tooMany);
    const rows = await db.select().from(alertChannels).where(eq(alertChannels.workspaceId, workspaceId));
    expect(rows).toHaveLength(MAX_ALERT_CHANNELS);
  });

  it("keeps channels to their owner and to plans with alerts", async () => {
    const owner = await alertsUser();
    const other = await alertsUser();
    const hook = await receiver();
    const channel = await addChannel(owner.token, { kind: "webhook", name: "ERP", url: `${hook.url}/hook` });
    const params = { id: channel.id };
    const path = `/api/alert-channels/${channel.id}`;
    for (const [handler, suffix, method] of [
      [deleteChannel, "", "DELETE"],
      [testChannel, "/test", "POST"],
      [listDeliveries, "/deliveries", "GET"],
    ] as const) {
      const res = await call(handler as never, `${path}${suffix}`, { method, token: other.token, params });
      expect(res.status).toBe(404);
      expect(res.json.detail).toBe(CHANNEL_MSG.notFound);
    }
    const { productId } = await makeProduct(other.workspaceId);
    const rule = await call(createRule, `/api/products/${productId}/alerts`, {
      token: other.token,
      params: { id: productId },
      body: { kind: "any_change", channel_ids: [channel.id] },
    });
    expect(rule.status).toBe(422);
    expect(rule.json.detail).toBe(CHANNEL_MSG.channelIds);
    const rules = await call(listRules, `/api/products/${productId}/alerts`, {
      token: other.token,
      params: { id: productId },
    });
    expect(rules.json.rules).toEqual([]);

    const free = await alertsUser("freemium");
    const refused = await call(createChannel, "/api/alert-channels", {
      token: free.token,
      body: { kind: "webhook", name: "ERP", url: `${hook.url}/hook` },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.detail).toBe(CHANNEL_MSG.noPlan);

    const deleted = await call(deleteChannel, path, { method: "DELETE", token: owner.token, params });
    expect(deleted.status).toBe(200);
    const gone = await call(listChannels, "/api/alert-channels", { token: owner.token });
    expect(gone.json.channels).toEqual([]);
  });

  it("keeps a rule as it was when one of the channels asked for is refused", async () => {
    const owner = await alertsUser();
    const other = await alertsUser();
    const hook = await receiver();
    const foreign = await addChannel(other.token, { kind: "webhook", name: "ERP", url: `${hook.url}/hook` });
    const { productId } = await makeProduct(owner.workspaceId);
    const rule = await addRule(owner.workspaceId, productId, { kind: "drop", thresholdPercent: "5" });
    const res = await call(patchRule, `/api/products/${productId}/alerts/${rule.id}`, {
      method: "PATCH",
      token: owner.token,
      params: { id: productId, ruleId: rule.id },
      body: { kind: "rise", threshold_percent: "9", channel_ids: [foreign.id] },
    });
    expect(res.status).toBe(422);
    const rules = await call(listRules, `/api/products/${productId}/alerts`, {
      token: owner.token,
      params: { id: productId },
    });
    expect(rules.json.rules).toEqual([
      expect.objectContaining({ id: rule.id, kind: "drop", threshold_percent: "5.00" }),
    ]);
  });
});
