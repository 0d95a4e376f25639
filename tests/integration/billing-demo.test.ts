import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { invoices, plans, productUrls, products, subscriptions } from "@/db/schema";
import { GET as listInvoicesRoute } from "@/app/api/payments/invoices/route";
import { GET as invoicePdf } from "@/app/api/payments/invoices/[id]/pdf/route";
import { POST as createCheckout } from "@/app/api/payments/create-checkout-session/route";
import { POST as syncSession } from "@/app/api/payments/checkout-sessions/[id]/sync/route";
import { POST as confirmDemo } from "@/app/api/payments/demo-checkout/[id]/confirm/route";
import { GET as paymentConfig } from "@/app/api/payments/config/route";
import { POST as cancelSub } from "@/app/api/payments/subscriptions/[id]/cancel/route";
import { POST as resumeSub } from "@/app/api/payments/subscriptions/[id]/resume/route";
import { POST as subscribe } from "@/app/api/subscriptions/subscribe/route";
import { GET as mySubscription } from "@/app/api/subscriptions/my-subscription/route";
import { GET as plansRoute } from "@/app/api/subscriptions/plans/route";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { getWorkspacePlan } from "@/lib/billing/plans/get-workspace-plan";
import { runLocalJob } from "@/lib/workers/local-jobs";
import { JOBS } from "@/lib/workers/registry";
import { call, signUp } from "../helpers/api";

// No STRIPE_SECRET_KEY and not production (tests/helpers/integration-setup.ts): the demo checkout.

async function planId(code: string) {
  const res = await call(plansRoute, "/api/subscriptions/plans");
  return (res.json as Array<{ id: number; code: string }>).find((p) => p.code === code)!.id;
}

async function demoCheckout(token: string, code = "professionnel") {
  const res = await call(createCheckout, "/api/payments/create-checkout-session", {
    token,
    body: {
      price_id: null,
      plan_id: await planId(code),
      success_url: "/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "/subscriptions",
    },
  });
  expect(res.status).toBe(200);
  return res.json as { session_id: string; url: string; mode: string };
}

describe("demo checkout (no Stripe keys, outside production)", () => {
  it("says the mode to the browser, with no publishable key", async () => {
    const res = await call(paymentConfig, "/api/payments/config");
    expect(res.json).toEqual({ mode: "demo", publishable_key: null, unavailable_message: null });
  });

  it("answers 'ID de prix Stripe manquant' when neither a price nor a plan resolves", async () => {
    const { token } = await signUp();
    for (const body of [{}, { price_id: "price_inconnu" }, { plan_id: 999999 }]) {
      const res = await call(createCheckout, "/api/payments/create-checkout-session", { token, body });
      expect(res.status).toBe(422);
      expect(res.json).toEqual({ detail: "ID de prix Stripe manquant", code: "missing_price_id" });
    }
  });

  it("refuses redirect URLs outside our own origin", async () => {
    const { token } = await signUp();
    const res = await call(createCheckout, "/api/payments/create-checkout-session", {
      token,
      body: { plan_id: await planId("professionnel"), success_url: "https://evil.example/merci" },
    });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("invalid_redirect_url");
  });

  it("needs a signed-in user", async () => {
    const res = await call(createCheckout, "/api/payments/create-checkout-session", { body: { plan_id: 2 } });
    expect(res.status).toBe(401);
  });

  it("activates the plan, records a paid demo invoice with a real PDF, and is idempotent", async () => {
    const { token, workspaceId } = await signUp();
    const checkout = await demoCheckout(token);
    expect(checkout.mode).toBe("demo");
    expect(checkout.session_id).toMatch(/^demo_/);
    expect(checkout.url).toBe(`http://localhost:3000/checkout/demo?session_id=${checkout.session_id}`);

    // the success page before confirmation: not paid
    const early = await call(syncSession, "/x", { method: "POST", token, params: { id: checkout.session_id } });
    expect(early.status).toBe(409);

    const confirmed = await call(confirmDemo, "/x", { method: "POST", token, params: { id: checkout.session_id } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.already_confirmed).toBe(false);
    const again = await call(confirmDemo, "/x", { method: "POST", token, params: { id: checkout.session_id } });
    expect(again.json).toMatchObject({ already_confirmed: true, invoice_id: confirmed.json.invoice_id });

    const synced = await call(syncSession, "/x", { method: "POST", token, params: { id: checkout.session_id } });
    expect(synced.status).toBe(200);
    expect(synced.json.subscription).toMatchObject({
      status: "active",
      provider: "demo",
      plan: { code: "professionnel" },
    });
    expect(synced.json.subscription.current_period_end).toBeGreaterThan(Date.now() / 1000 + 27 * 86400);

    const db = await getDb();
    const rows = await db.select().from(invoices).where(eq(invoices.workspaceId, workspaceId));
    expect(rows).toHaveLength(1);
    // 49,00 € HT + 20 % VAT
    expect(rows[0]).toMatchObject({ provider: "demo", status: "paid", amountPaid: 5880, total: 5880 });

    const list = await call(listInvoicesRoute, "/api/payments/invoices", { token });
    expect(list.json).toEqual([
      expect.objectContaining({
        id: rows[0]!.id,
        amount_paid: 5880,
        amount_due: 5880,
        total: 5880,
        currency: "eur",
        status: "paid",
        invoice_pdf: `/api/payments/invoices/${rows[0]!.id}/pdf`,
      }),
    ]);
    expect(typeof list.json[0].created).toBe("number");

    const pdf = await call(invoicePdf, "/x", { token, params: { id: rows[0]!.id } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF-1.4")).toBe(true);
    // HT, VAT and TTC spelt out, consistent with the plan's price excluding tax
    for (const line of ["Montant HT : 49,00", "TVA \\(20 %\\) : 9,80", "Total TTC : 58,80", "Total pay\\351 : 58,80"]) {
      expect(pdf.text).toContain(line);
    }
    expect(pdf.text.trimEnd().endsWith("%%EOF")).toBe(true);
    // the xref offset points at the xref table
    const startxref = Number(/startxref\n(\d+)/.exec(pdf.text)![1]);
    const bytes = Buffer.from(pdf.text, "latin1");
    expect(bytes.subarray(startxref, startxref + 4).toString("latin1")).toBe("xref");
  });

  it("keeps another user's session, invoice and subscription out of reach (404)", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const checkout = await demoCheckout(alice.token);
    const stolen = await call(confirmDemo, "/x", {
      method: "POST",
      token: bob.token,
      params: { id: checkout.session_id },
    });
    expect(stolen.status).toBe(404);
    await call(confirmDemo, "/x", { method: "POST", token: alice.token, params: { id: checkout.session_id } });
    expect(
      (await call(syncSession, "/x", { method: "POST", token: bob.token, params: { id: checkout.session_id } })).status,
    ).toBe(404);

    const [inv] = await (await getDb()).select().from(invoices).where(eq(invoices.workspaceId, alice.workspaceId));
    const pdf = await call(invoicePdf, "/x", { token: bob.token, params: { id: inv!.id } });
    expect(pdf.status).toBe(404);
    expect(pdf.json.code).toBe("not_found");
    expect((await call(invoicePdf, "/x", { token: bob.token, params: { id: "pas-un-uuid" } })).status).toBe(404);
    expect((await call(listInvoicesRoute, "/api/payments/invoices", { token: bob.token })).json).toEqual([]);

    const [sub] = await (await getDb())
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, alice.workspaceId));
    expect((await call(cancelSub, "/x", { method: "POST", token: bob.token, params: { id: sub!.id } })).status).toBe(
      404,
    );
  });

  it("refuses a forged or tampered session id", async () => {
    const { token } = await signUp();
    const checkout = await demoCheckout(token);
    const entreprise = await planId("entreprise");
    const tampered = checkout.session_id.replace(/^demo_\d+_/, `demo_${entreprise}_`);
    expect((await call(confirmDemo, "/x", { method: "POST", token, params: { id: tampered } })).status).toBe(404);
    expect(
      (await call(confirmDemo, "/x", { method: "POST", token, params: { id: "demo_nimporte_quoi" } })).status,
    ).toBe(404);
  });

  it("answers the checkout for a paid plan, then schedules Freemium at its period end", async () => {
    const { token } = await signUp();
    const paid = await call(subscribe, "/api/subscriptions/subscribe", {
      token,
      body: { plan_id: await planId("entreprise") },
    });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ status: "requires_payment", mode: "demo" });
    expect(paid.json.url).toContain("/checkout/demo?session_id=demo_");

    await call(confirmDemo, "/x", { method: "POST", token, params: { id: paid.json.session_id } });
    expect((await call(mySubscription, "/x", { token })).json.plan.code).toBe("entreprise");

    const free = await call(subscribe, "/api/subscriptions/subscribe", {
      token,
      body: { planId: await planId("freemium") },
    });
    // the paid month runs to its end: Freemium is scheduled, not immediate
    expect(free.json).toMatchObject({
      status: "scheduled",
      subscription: { provider: "demo", cancel_at_period_end: true, plan: { code: "entreprise" } },
    });
  });

  it("bills an upgrade the prorated difference for the days left and keeps the period", async () => {
    const { token, workspaceId } = await signUp();
    const first = await demoCheckout(token, "professionnel");
    await call(confirmDemo, "/x", { method: "POST", token, params: { id: first.session_id } });
    const db = await getDb();
    const periodEnd = new Date(Date.now() + 10 * 86_400_000 + 3_600_000);
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: periodEnd })
      .where(eq(subscriptions.workspaceId, workspaceId));

    const up = await demoCheckout(token, "entreprise");
    await call(confirmDemo, "/x", { method: "POST", token, params: { id: up.session_id } });

    const sub = (await call(mySubscription, "/x", { token })).json;
    expect(sub).toMatchObject({ provider: "demo", plan: { code: "entreprise" }, cancel_at_period_end: false });
    expect(sub.current_period_end).toBe(Math.floor(periodEnd.getTime() / 1000));
    expect((await getWorkspacePlan(workspaceId)).code).toBe("entreprise");

    const start = new Date(periodEnd);
    start.setUTCMonth(start.getUTCMonth() - 1);
    const days = Math.round((periodEnd.getTime() - start.getTime()) / 86_400_000);
    // (199,00 € − 49,00 €) HT for 11 started days of the period, then 20 % VAT
    const ht = Math.round((15_000 * 11) / days);
    const ttc = ht + Math.round(ht / 5);
    const [upInvoice] = await db.select().from(invoices).where(eq(invoices.stripeInvoiceId, up.session_id));
    expect(upInvoice).toMatchObject({ amountPaid: ttc, total: ttc, status: "paid" });
    expect(ttc).toBeLessThan(23_880);
  });

  it("keeps the paid plan until the period ends when downgrading to Freemium, then applies it", async () => {
    const { token, workspaceId } = await signUp();
    const checkout = await demoCheckout(token);
    await call(confirmDemo, "/x", { method: "POST", token, params: { id: checkout.session_id } });
    const free = await call(subscribe, "/api/subscriptions/subscribe", {
      token,
      body: { plan_id: await planId("freemium") },
    });
    expect(free.json).toMatchObject({
      status: "scheduled",
      subscription: { cancel_at_period_end: true, plan: { code: "professionnel" } },
    });
    expect((await getWorkspacePlan(workspaceId)).code).toBe("professionnel");
    const db = await getDb();
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.workspaceId, workspaceId));
    expect((await call(mySubscription, "/x", { token })).json.plan.code).toBe("freemium");
    expect((await getWorkspacePlan(workspaceId, db)).code).toBe("freemium");
  });

  it("cancels a scheduled downgrade: the paid plan continues past the period end", async () => {
    const { token, workspaceId } = await signUp();
    const checkout = await demoCheckout(token);
    await call(confirmDemo, "/x", { method: "POST", token, params: { id: checkout.session_id } });
    await call(subscribe, "/api/subscriptions/subscribe", { token, body: { plan_id: await planId("freemium") } });
    const db = await getDb();
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
    const resumed = await call(resumeSub, "/x", { method: "POST", token, params: { id: sub!.id } });
    expect(resumed.json).toMatchObject({ cancel_at_period_end: false, plan: { code: "professionnel" } });
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.workspaceId, workspaceId));
    expect((await call(mySubscription, "/x", { token })).json.plan.code).toBe("professionnel");
  });

  it("schedules a downgrade to a cheaper paid plan at period end, then applies it; resuming drops it", async () => {
    const { token, workspaceId } = await signUp();
    const first = await demoCheckout(token, "entreprise");
    await call(confirmDemo, "/x", { method: "POST", token, params: { id: first.session_id } });
    const db = await getDb();
    const [before] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));

    const down = await demoCheckout(token, "professionnel");
    expect(down).toMatchObject({ session_id: before!.id, url: "http://localhost:3000/subscriptions" });
    const pending = (await call(mySubscription, "/x", { token })).json;
    expect(pending).toMatchObject({ plan: { code: "entreprise" }, pending_plan: { code: "professionnel" } });
    expect((await getWorkspacePlan(workspaceId, db)).code).toBe("entreprise");
    // no charge for a downgrade
    expect(await db.select().from(invoices).where(eq(invoices.workspaceId, workspaceId))).toHaveLength(1);

    const resumed = await call(resumeSub, "/x", { method: "POST", token, params: { id: before!.id } });
    expect(resumed.json).toMatchObject({ plan: { code: "entreprise" }, pending_plan: null });

    await demoCheckout(token, "professionnel");
    const end = new Date(Date.now() - 1000);
    await db.update(subscriptions).set({ currentPeriodEnd: end }).where(eq(subscriptions.workspaceId, workspaceId));
    const after = (await call(mySubscription, "/x", { token })).json;
    expect(after).toMatchObject({ provider: "demo", plan: { code: "professionnel" }, pending_plan: null });
    expect(after.current_period_end).toBeGreaterThan(Date.now() / 1000 + 27 * 86400);
    expect((await getWorkspacePlan(workspaceId, db)).code).toBe("professionnel");
  });

  it("cancels a demo subscription at period end and resumes it", async () => {
    const { token, workspaceId } = await signUp();
    const checkout = await demoCheckout(token);
    await call(confirmDemo, "/x", { method: "POST", token, params: { id: checkout.session_id } });
    const [sub] = await (await getDb())
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.workspaceId, workspaceId)));
    const cancelled = await call(cancelSub, "/x", { method: "POST", token, params: { id: sub!.id } });
    expect(cancelled.json).toMatchObject({ cancel_at_period_end: true, plan: { code: "professionnel" } });
    const resumed = await call(resumeSub, "/x", { method: "POST", token, params: { id: sub!.id } });
    expect(resumed.json.cancel_at_period_end).toBe(false);
  });

  it("ends a cancelled demo subscription once its period is over (Freemium on the next read)", async () => {
    const { token, workspaceId } = await signUp();
    const checkout = await demoCheckout(token);
    await call(confirmDemo, "/x", { method: "POST", token, params: { id: checkout.session_id } });
    const db = await getDb();
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
    await call(cancelSub, "/x", { method: "POST", token, params: { id: sub!.id } });
    expect((await call(mySubscription, "/x", { token })).json.plan.code).toBe("professionnel");
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.workspaceId, workspaceId));
    const after = await call(mySubscription, "/x", { token });
    expect(after.json).toMatchObject({ provider: "none", cancel_at_period_end: false, plan: { code: "freemium" } });
  });

  it("the daily job applies the changes due at period end though nobody reads (plan limits included)", async () => {
    const db = await getDb();
    const subscribed = async (code: string) => {
      const user = await signUp();
      const checkout = await demoCheckout(user.token, code);
      await call(confirmDemo, "/x", { method: "POST", token: user.token, params: { id: checkout.session_id } });
      const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, user.workspaceId));
      return { ...user, sub: sub! };
    };
    const downgraded = await subscribed("entreprise");
    await demoCheckout(downgraded.token, "professionnel");
    const cancelled = await subscribed("professionnel");
    await call(cancelSub, "/x", { method: "POST", token: cancelled.token, params: { id: cancelled.sub.id } });
    for (let i = 0; i < 6; i++) {
      const createdAt = new Date(Date.now() - 86_400_000 + i * 60_000);
      const [product] = await db
        .insert(products)
        .values({ workspaceId: cancelled.workspaceId, name: `Produit ${i + 1}`, createdAt })
        .returning();
      await db.insert(productUrls).values({
        workspaceId: cancelled.workspaceId,
        productId: product!.id,
        name: "Fnac",
        url: `https://fnac.example/${i}`,
        createdAt,
      });
    }
    const running = await subscribed("entreprise");
    await demoCheckout(running.token, "professionnel");

    const over = new Date(Date.now() - 60_000);
    for (const { workspaceId } of [downgraded, cancelled])
      await db.update(subscriptions).set({ currentPeriodEnd: over }).where(eq(subscriptions.workspaceId, workspaceId));
    await runLocalJob(JOBS.purgeHistory, {});

    // the rows as the job left them, before any read
    const row = async (workspaceId: string) =>
      (
        await db
          .select({ sub: subscriptions, code: plans.code })
          .from(subscriptions)
          .innerJoin(plans, eq(plans.id, subscriptions.planId))
          .where(eq(subscriptions.workspaceId, workspaceId))
      )[0]!;
    const down = await row(downgraded.workspaceId);
    expect([down.code, down.sub.pendingPlanId, down.sub.provider]).toEqual(["professionnel", null, "demo"]);
    expect(down.sub.currentPeriodEnd!.getTime()).toBeGreaterThan(over.getTime() + 27 * 86_400_000);
    const free = await row(cancelled.workspaceId);
    expect([free.code, free.sub.provider, free.sub.cancelAtPeriodEnd]).toEqual(["freemium", "none", false]);
    const paused = await db
      .select({ name: products.name })
      .from(productUrls)
      .innerJoin(products, eq(products.id, productUrls.productId))
      .where(and(eq(productUrls.workspaceId, cancelled.workspaceId), eq(productUrls.paused, true)));
    expect(paused).toEqual([{ name: "Produit 6" }]);
    const still = await row(running.workspaceId);
    expect(still.code).toBe("entreprise");
    expect(still.sub.pendingPlanId).not.toBeNull();

    // a second run (or a read after it) changes nothing more
    await runLocalJob(JOBS.purgeHistory, {});
    expect((await row(downgraded.workspaceId)).sub.currentPeriodEnd).toEqual(down.sub.currentPeriodEnd);
  });

  it("refuses to cancel the free plan", async () => {
    const { token, workspaceId } = await signUp();
    const [sub] = await (await getDb()).select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
    const res = await call(cancelSub, "/x", { method: "POST", token, params: { id: sub!.id } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("no_paid_subscription");
  });

  it("answers 503 to a webhook when Stripe is not configured", async () => {
    const res = await call(webhook, "/api/webhooks/stripe", {
      method: "POST",
      rawBody: "{}",
      headers: { "stripe-signature": "t=1,v1=x" },
    });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("payments_unavailable");
  });
});
