// Alert e-mails through a fake Resend API (tests/helpers/fake-resend.ts). lib/env.ts and the Resend SDK
// read RESEND_* when imported, so every app module is imported after the variables are set.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeResend } from "../helpers/fake-resend";

const resend = await startFakeResend();
process.env.RESEND_API_KEY = "re_test_alertes";
process.env.RESEND_BASE_URL = resend.url;
vi.resetModules(); // the setup file already loaded lib/env.ts without these variables

const { and, eq } = await import("drizzle-orm");
const { getDb } = await import("@/db");
const { alertEvents, alertRules, emailOutbox, workspaceMembers } = await import("@/db/schema");
const { evaluateNewPrice } = await import("@/lib/alerts/evaluation/evaluate-new-price");
const { sendAlertDigests } = await import("@/lib/alerts/delivery/send-alert-digests");
const { errorDetail } = await import("@/lib/http/error-table");
const { POST: sendTest } = await import("@/app/api/alerts/test/route");
const { GET: readUnsubscribe, POST: unsubscribe } = await import("@/app/api/alerts/unsubscribe/route");
const { call } = await import("../helpers/api");
const { addPrice, addRule, alertsUser: registeredUser, makeProduct } = await import("./alerts-fixtures");

/** A new account with alerts; the verification link of its registration is left out of the sent mail. */
async function alertsUser() {
  const user = await registeredUser();
  resend.reset();
  return user;
}

beforeAll(async () => {
  await getDb();
}, 180_000);
beforeEach(() => resend.reset());
afterAll(() => resend.close());

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("instant alert e-mail through Resend", () => {
  it("carries product, merchant, prices, variation, product link and one-click unsubscribe", async () => {
    const { workspaceId, account, userId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId, { name: "Casque <Pro> & Co" });
    const rule = await addRule(workspaceId, productId, { kind: "drop", thresholdAmount: "5.00" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "129.99") });
    expect(resend.emails).toHaveLength(0);
    const entry = await addPrice(urlIds[0]!, "119.99");
    expect(await evaluateNewPrice({ priceHistoryId: entry })).toMatchObject({ status: "evaluated", sent: 1 });

    expect(resend.emails).toHaveLength(1);
    const mail = resend.emails[0]!;
    expect(mail.authorization).toBe("Bearer re_test_alertes");
    expect(mail.idempotencyKey).toBe(`alert:${rule.id}:${entry}:${userId}`);
    expect(mail.to).toBe(account.email);
    expect(mail.from).toBe("VeillePrix <alertes@veilleprix.fr>");
    expect(mail.subject).toBe("Baisse de prix détectée : Casque <Pro> & Co chez Marchand 1 (119,99\u00a0€)");
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain("129,99\u00a0€");
      expect(body).toContain("119,99\u00a0€");
      expect(body).toContain("-10,00\u00a0€ (-7,69 %)");
      expect(body).toContain("Marchand 1");
      expect(body).toContain("Baisse d'au moins 5,00\u00a0€".replace("'", body === mail.html ? "&#x27;" : "'"));
      expect(body).toContain(`http://localhost:3000/products/${productId}`);
    }
    expect(mail.html).toContain("Casque &lt;Pro&gt; &amp; Co");
    expect(mail.html).not.toContain("<Pro>");
    expect(mail.html).toContain('lang="fr"');

    // one-click header (RFC 8058) on the API, body links on the confirmation page
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const header = /^<(http:\/\/localhost:3000\/api\/alerts\/unsubscribe\?token=[^>]+)>$/.exec(
      mail.headers["List-Unsubscribe"]!,
    );
    expect(header).not.toBeNull();
    const pageLinks = [
      ...mail.html.matchAll(/href="(http:\/\/localhost:3000\/alerts\/unsubscribe\?token=[^"]+)"/g),
    ].map((m) => m[1]!);
    expect(pageLinks).toHaveLength(2);
    const [ruleLink, allLink] = pageLinks;
    expect((await call(readUnsubscribe, ruleLink!)).json).toMatchObject({ scope: "rule", active: true });
    expect((await call(readUnsubscribe, allLink!)).json).toMatchObject({ scope: "all", active: true });

    const oneClick = await call(unsubscribe, header![1]!, { method: "POST", rawBody: "List-Unsubscribe=One-Click" });
    expect(oneClick.status).toBe(200);
    const db = await getDb();
    expect((await db.select().from(alertRules).where(eq(alertRules.id, rule.id)))[0]!.active).toBe(false);
    expect(tokenOf(header![1]!)).toBe(tokenOf(ruleLink!));

    const [outbox] = await db.select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, mail.idempotencyKey!));
    expect(outbox).toMatchObject({ transport: "resend", status: "sent", providerId: mail.id, kind: "alert" });
  });

  it("sends exactly one e-mail when the evaluation runs concurrently and is retried", async () => {
    const { workspaceId, userId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const rule = await addRule(workspaceId, productId, { kind: "any_change" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "50.00") });
    const entry = await addPrice(urlIds[0]!, "51.00");
    await Promise.all([0, 1, 2, 3].map(() => evaluateNewPrice({ priceHistoryId: entry })));
    await evaluateNewPrice({ priceHistoryId: entry });
    const key = `alert:${rule.id}:${entry}:${userId}`;
    expect(resend.emails.filter((m) => m.idempotencyKey === key)).toHaveLength(1);
    expect(resend.requests.filter((r) => r.idempotencyKey === key)).toHaveLength(1);
  });

  it("keeps a failed send for the retry, which delivers it once", async () => {
    const { workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const rule = await addRule(workspaceId, productId, { kind: "above", maxPrice: "100" });
    const entry = await addPrice(urlIds[0]!, "150.00");
    resend.failNext(1);
    await expect(evaluateNewPrice({ priceHistoryId: entry })).rejects.toThrow(/Envoi d'alerte impossible/);
    const db = await getDb();
    const [failed] = await db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id));
    expect(failed!.status).toBe("failed");
    expect(resend.emails).toHaveLength(0);

    // the job runner (or Inngest) retries the same price entry
    expect(await evaluateNewPrice({ priceHistoryId: entry })).toMatchObject({
      status: "evaluated",
      fired: [],
      sent: 1,
    });
    expect(await evaluateNewPrice({ priceHistoryId: entry })).toMatchObject({ sent: 0 });
    const events = await db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id));
    expect(events.map((e) => e.status)).toEqual(["sent"]);
    expect(resend.emails).toHaveLength(1);
    expect(resend.emails[0]!.subject).toBe(
      "Prix au-dessus de votre maximum : Casque Sony WH-1000XM5 chez Marchand 1 (150,00\u00a0€)",
    );
  });
});

describe("test alert and digest through Resend", () => {
  it("sends the test alert, and answers 502 when the provider fails", async () => {
    const { token, workspaceId, account } = await alertsUser();
    const { productId } = await makeProduct(workspaceId);
    await addRule(workspaceId, productId, { kind: "back_in_stock" });
    const ok = await call(sendTest, "/api/alerts/test", { token, body: { product_id: productId } });
    expect(ok.status).toBe(200);
    expect(resend.emails).toHaveLength(1);
    expect(resend.emails[0]).toMatchObject({
      to: account.email,
      subject: "[Test] De retour en stock : Casque Sony WH-1000XM5 chez Marchand 1 (N/A)",
    });
    expect(resend.emails[0]!.html).toContain("Ceci est une alerte de test");

    resend.failNext(1);
    const ko = await call(sendTest, "/api/alerts/test", { token, body: { product_id: productId } });
    expect(ko.status).toBe(502);
    expect(ko.json).toEqual({ detail: errorDetail("email_failed"), code: "email_failed" });
    expect(JSON.stringify(ko.json)).not.toMatch(/Panne simulée|at .*\.ts/);
  });

  it("sends one digest per user with an all-alerts unsubscribe header", async () => {
    const { userId, workspaceId, account } = await alertsUser();
    const db = await getDb();
    await db
      .update(workspaceMembers)
      .set({ alertMode: "digest" })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    const { productId, urlIds } = await makeProduct(workspaceId, { name: "Trottinette Xiaomi" });
    await addRule(workspaceId, productId, { kind: "below", minPrice: "300" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "289.00") });
    expect(resend.emails).toHaveLength(0);
    await sendAlertDigests();
    await sendAlertDigests();
    const digests = resend.emails.filter((m) => m.to === account.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toMatch(/^Votre résumé VeillePrix du \d{2}\/\d{2}\/\d{4} : 1 alerte$/);
    expect(digests[0]!.html).toContain("Trottinette Xiaomi");
    expect(digests[0]!.idempotencyKey).toMatch(/^digest:/);
    const header = /^<([^>]+)>$/.exec(digests[0]!.headers["List-Unsubscribe"]!)![1]!;
    expect((await call(readUnsubscribe, header)).json).toMatchObject({ scope: "all" });
  });
});
