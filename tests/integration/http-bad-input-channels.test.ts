import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as listChannels, POST as createChannel } from "@/app/api/alert-channels/route";
import { DELETE as deleteChannel } from "@/app/api/alert-channels/[id]/route";
import { GET as listDeliveries } from "@/app/api/alert-channels/[id]/deliveries/route";
import { POST as testChannel } from "@/app/api/alert-channels/[id]/test/route";
import { GET as flags } from "@/app/api/insights/flags/route";
import { PUT as updateProduct } from "@/app/api/products/[id]/route";
import { GET as candidates } from "@/app/api/products/[id]/urls/[urlId]/candidates/route";
import { PUT as priceSource } from "@/app/api/products/[id]/urls/[urlId]/price-source/route";
import { POST as unsubscribe } from "@/app/api/reports/unsubscribe/route";
import { POST as createToken } from "@/app/api/tokens/route";
import { GET as getPrefs, PUT as putPrefs } from "@/app/api/users/me/report-preferences/route";
import { getDb } from "@/db";
import { alertChannels, productUrls, products } from "@/db/schema";
import { CHANNEL_MSG } from "@/lib/alerts/channels/schemas";
import { signUnsubscribeToken } from "@/lib/alerts/unsubscribe/sign-unsubscribe-token";
import { signReportUnsubscribeToken } from "@/lib/reports/report-links";
import { REPORT_MSG } from "@/lib/reports/schemas";
import { call } from "../helpers/api";
import { alertsUser, makeProduct, setPlan } from "./alerts-fixtures";
import { closeReceivers, expectFrench4xx, MALFORMED, NIL, receiver, webhookOf } from "./bad-input-fixtures";

// Alert channels and report unsubscribe links, tried as an attacker: another user's ids and credentials,
// plans without alerts, forged links, the webhook secret. Addresses and the SSRF guard: channel-url-guard.test.ts.

afterAll(closeReceivers);

describe("alert channels and report links: bad input", () => {
  it("keeps channels, their log and the price picker to their owner, whatever the id or credential", async () => {
    const owner = await alertsUser();
    const other = await alertsUser();
    const { id, hook } = await webhookOf(owner.token);
    const { productId, urlIds } = await makeProduct(owner.workspaceId);
    const urlParams = { id: productId, urlId: urlIds[0]! };
    // the other user's integration token is the other user: no more
    const issued = await call(createToken, "/api/tokens", { token: other.token, body: { name: "ERP" } });
    expect(issued.status).toBe(201);
    for (const token of [other.token, issued.json.token as string]) {
      for (const [handler, method] of [
        [deleteChannel, "DELETE"],
        [testChannel, "POST"],
        [listDeliveries, "GET"],
      ] as const) {
        const res = await call(handler as never, "/x", { method, token, params: { id } });
        expectFrench4xx(res, 404);
        expect(res.json.detail).toBe(CHANNEL_MSG.notFound);
      }
      expectFrench4xx(await call(candidates, "/x", { token, params: urlParams }), 404);
      const chosen = await call(priceSource, "/x", {
        method: "PUT",
        token,
        params: urlParams,
        body: { selector: ".prix" },
      });
      expect([chosen.status, chosen.json.detail]).toEqual([404, "URL introuvable"]);
      const floor = await call(updateProduct, "/x", {
        method: "PUT",
        token,
        params: { id: productId },
        body: { name: "Repris", min_advertised_price: "1.00" },
      });
      expect([floor.status, floor.json.detail]).toEqual([404, "Produit introuvable"]);
      const foreign = await call(flags, "/x", { token, query: { product_id: productId } });
      expect([foreign.status, foreign.json.detail]).toEqual([404, "Produit introuvable"]);
    }
    for (const bad of [...MALFORMED, NIL]) {
      for (const [handler, method] of [
        [deleteChannel, "DELETE"],
        [testChannel, "POST"],
        [listDeliveries, "GET"],
      ] as const) {
        const res = await call(handler as never, "/x", { method, token: owner.token, params: { id: bad } });
        expect([res.status, res.json.detail]).toEqual([404, CHANNEL_MSG.notFound]);
      }
      const url = await call(candidates, "/x", { token: owner.token, params: { id: productId, urlId: bad } });
      expect([url.status, url.json.detail]).toEqual([404, "URL introuvable"]);
      const product = await call(candidates, "/x", { token: owner.token, params: { id: bad, urlId: urlIds[0]! } });
      // a well-formed product id the URL is not under: the same 404 as for another user's URL
      expect([product.status, product.json.detail]).toEqual([
        404,
        bad === NIL ? "URL introuvable" : "Produit introuvable",
      ]);
    }
    const db = await getDb();
    const [url] = await db.select().from(productUrls).where(eq(productUrls.id, urlIds[0]!));
    expect(url!.selector).toBeNull();
    const [product] = await db.select().from(products).where(eq(products.id, productId));
    expect([product!.name, product!.minAdvertisedPrice]).toEqual(["Casque Sony WH-1000XM5", null]);
    expect(await db.select().from(alertChannels).where(eq(alertChannels.id, id))).toHaveLength(1);
    expect(hook.received).toHaveLength(0);
  });

  it("keeps channels and reports to plans with alerts; turning the report off is always allowed", async () => {
    const user = await alertsUser();
    const { id, hook } = await webhookOf(user.token);
    expect(
      (await call(putPrefs, "/x", { method: "PUT", token: user.token, body: { frequency: "weekly" } })).status,
    ).toBe(200);
    await setPlan(user.workspaceId, "freemium");
    const create = await call(createChannel, "/x", {
      token: user.token,
      body: { kind: "slack", name: "Équipe", url: `${hook.url}/slack` },
    });
    expect([create.status, create.json.detail]).toEqual([403, CHANNEL_MSG.noPlan]);
    const test = await call(testChannel, "/x", { method: "POST", token: user.token, params: { id } });
    expect([test.status, test.json.detail]).toEqual([403, CHANNEL_MSG.noPlan]);
    expect(hook.received).toHaveLength(0);
    const daily = await call(putPrefs, "/x", { method: "PUT", token: user.token, body: { frequency: "daily" } });
    expect([daily.status, daily.json.detail]).toEqual([403, REPORT_MSG.noPlan]);
    expect((await call(getPrefs, "/x", { token: user.token })).json.frequency).toBe("weekly");
    const off = await call(putPrefs, "/x", { method: "PUT", token: user.token, body: { frequency: "off" } });
    expect(off.json.frequency).toBe("off");
    expectFrench4xx(await call(putPrefs, "/x", { method: "PUT", body: { frequency: "off" } }), 401);
  });

  it("refuses forged unsubscribe links without changing anything, and takes a replayed one as done", async () => {
    const victim = await alertsUser();
    const attacker = await alertsUser();
    await call(putPrefs, "/x", { method: "PUT", token: victim.token, body: { frequency: "weekly" } });
    const genuine = signReportUnsubscribeToken(victim);
    const [payload, signature] = genuine.split(".") as [string, string];
    const attackerSignature = signReportUnsubscribeToken(attacker).split(".")[1]!;
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "AB" : "AA"}`;
    for (const token of [
      signUnsubscribeToken({ workspaceId: victim.workspaceId }), // an alerts link is no report link
      `${payload}.${attackerSignature}`,
      `${payload}.${flipped}`,
      `${payload}.`,
      `${Buffer.from(victim.workspaceId).toString("base64url")}.${"A".repeat(43)}`,
      "a.b.c",
      "x".repeat(501),
      "",
    ]) {
      const res = await call(unsubscribe, "/x", { method: "POST", query: { token } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expectFrench4xx(res, res.status);
      expect(res.json.detail).toBe(REPORT_MSG.token);
    }
    expect((await call(getPrefs, "/x", { token: victim.token })).json.frequency).toBe("weekly");
    for (let i = 0; i < 2; i += 1) {
      const res = await call(unsubscribe, "/x", { method: "POST", query: { token: genuine } });
      expect([res.status, res.json.message]).toEqual([200, REPORT_MSG.unsubscribed]);
    }
    expect((await call(getPrefs, "/x", { token: victim.token })).json.frequency).toBe("off");
  });

  it("never shows a webhook's secret again: not in the list, the test answer nor the delivery log", async () => {
    const { token } = await alertsUser();
    const { id, secret, hook } = await webhookOf(token);
    expect(secret).toMatch(/^whsec_/);
    const test = await call(testChannel, "/x", { method: "POST", token, params: { id } });
    expect(test.json.delivery.status).toBe("sent");
    expect(hook.received).toHaveLength(1);
    for (const res of [
      test,
      await call(listChannels, "/x", { token }),
      await call(listDeliveries, "/x", { token, params: { id } }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(secret);
      expect(res.text).not.toContain(secret.slice(6));
    }
  });

  it("stores control characters in a channel name as text, and refuses them in its address", async () => {
    const { token } = await alertsUser();
    const hook = await receiver();
    const name = "ERP\u0007 \u001b[2J";
    const res = await call(createChannel, "/x", { token, body: { kind: "webhook", name, url: `${hook.url}/h` } });
    expect([res.status, res.json.name]).toEqual([201, name]);
    for (const url of [`${hook.url}/h\u0000`, "https://exem\u0001ple.fr/h", "https://exemple.fr\u0000.evil/"]) {
      expectFrench4xx(await call(createChannel, "/x", { token, body: { kind: "webhook", name: "x", url } }), 422);
    }
  });
});
