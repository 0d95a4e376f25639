import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billThroughFakeStripe } from "../helpers/fake-stripe";

const fake = await billThroughFakeStripe();

const { getDb } = await import("@/db");
const { invoices, stripeEvents, subscriptions, workspaces } = await import("@/db/schema");
const { call, signUp } = await import("../helpers/api");
const { POST: createCheckout } = await import("@/app/api/payments/create-checkout-session/route");
const { POST: syncSession } = await import("@/app/api/payments/checkout-sessions/[id]/sync/route");
const { POST: confirmDemo } = await import("@/app/api/payments/demo-checkout/[id]/confirm/route");
const { POST: createSubscription } = await import("@/app/api/payments/create-subscription/route");
const { POST: createIntent } = await import("@/app/api/payments/create-payment-intent/route");
const { GET: getSub } = await import("@/app/api/payments/subscriptions/[id]/route");
const { POST: cancelSub } = await import("@/app/api/payments/subscriptions/[id]/cancel/route");
const { POST: resumeSub } = await import("@/app/api/payments/subscriptions/[id]/resume/route");
const pmRoutes = await import("@/app/api/payments/payment-methods/route");
const { DELETE: deletePm } = await import("@/app/api/payments/payment-methods/[id]/route");
const { POST: defaultPm } = await import("@/app/api/payments/payment-methods/[id]/default/route");
const { GET: listInvoicesRoute } = await import("@/app/api/payments/invoices/route");
const { GET: invoicePdf } = await import("@/app/api/payments/invoices/[id]/pdf/route");
const { POST: portal } = await import("@/app/api/payments/customer-portal/route");
const { GET: paymentConfig } = await import("@/app/api/payments/config/route");
const { GET: mySubscription } = await import("@/app/api/subscriptions/my-subscription/route");
const { POST: subscribe } = await import("@/app/api/subscriptions/subscribe/route");
const { GET: plansRoute } = await import("@/app/api/subscriptions/plans/route");
const { POST: webhook } = await import("@/app/api/webhooks/stripe/route");
const { addVat } = await import("@/lib/billing/vat");
const { getWorkspacePlan } = await import("@/lib/billing/plans/get-workspace-plan");

const SUCCESS = "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}";

async function checkout(token: string, price = "price_pro_test") {
  const res = await call(createCheckout, "/api/payments/create-checkout-session", {
    token,
    body: { price_id: price, success_url: SUCCESS, cancel_url: "http://localhost:3000/subscriptions" },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { session_id: string; url: string };
}

/** A user who paid Professionnel (or the price given) on the hosted page (the success page converged it). */
async function paidUser(price = "price_pro_test") {
  const user = await signUp();
  const session = await checkout(user.token, price);
  const { subscription } = fake.completeCheckout(session.session_id);
  const synced = await call(syncSession, "/x", {
    method: "POST",
    token: user.token,
    params: { id: session.session_id },
  });
  expect(synced.status, synced.text).toBe(200);
  return { ...user, sessionId: session.session_id, subscriptionId: subscription.id as string };
}

async function deliver(type: string, object: Record<string, unknown>, options: { id?: string; secret?: string } = {}) {
  const { payload, header, event } = fake.signedEvent(type, object, options);
  const res = await call(webhook, "/api/webhooks/stripe", {
    method: "POST",
    rawBody: payload,
    headers: { "stripe-signature": header, "content-type": "application/json" },
  });
  return { ...res, event };
}

async function localSub(workspaceId: string) {
  const [row] = await (await getDb()).select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
  return row!;
}

describe("Stripe checkout", () => {
  it("seeds the Stripe price ids and gives the browser the publishable key only", async () => {
    const plans = (await call(plansRoute, "/api/subscriptions/plans")).json as Array<{
      code: string;
      stripe_price_id: string | null;
    }>;
    expect(plans.map((p) => [p.code, p.stripe_price_id])).toEqual([
      ["freemium", null],
      ["professionnel", "price_pro_test"],
      ["entreprise", "price_ent_test"],
    ]);
    expect((await call(paymentConfig, "/api/payments/config")).json).toEqual({
      mode: "stripe",
      publishable_key: "pk_test_veilleprix_fake",
      unavailable_message: null,
    });
  });

  it("creates a hosted checkout session for the user's own customer, with our success URL", async () => {
    const { token, workspaceId, account } = await signUp();
    const session = await checkout(token);
    expect(session.session_id).toMatch(/^cs_test/);
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const stored = fake.state.sessions.get(session.session_id)!;
    expect(stored).toMatchObject({
      mode: "subscription",
      client_reference_id: workspaceId,
      success_url: SUCCESS,
      line_items_price: "price_pro_test",
    });
    const [user] = await (await getDb()).select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(stored.customer).toBe(user!.stripeCustomerId);
    expect(fake.state.customers.get(stored.customer)!.email).toBe(account.email);
    const creation = fake.requests.find((r) => r.path === "/v1/customers" && r.body.email === account.email);
    expect(creation?.idempotencyKey).toBe(`veilleprix-customer-${workspaceId}`);
  });

  it("requires a Stripe price id: a plan without one, or nothing, is 'ID de prix Stripe manquant'", async () => {
    const { token } = await signUp();
    for (const body of [{ success_url: SUCCESS }, { price_id: "price_inconnu" }, { plan_id: "freemium-inexistant" }]) {
      const res = await call(createCheckout, "/api/payments/create-checkout-session", { token, body });
      expect(res.status).toBe(422);
      expect(res.json.detail).toBe("ID de prix Stripe manquant");
    }
    const foreign = await call(createCheckout, "/api/payments/create-checkout-session", {
      token,
      body: { price_id: "price_pro_test", cancel_url: "https://ailleurs.example/" },
    });
    expect(foreign.status).toBe(422);
  });

  it("the success page converges the subscription before any webhook, and only for its owner", async () => {
    const { token, workspaceId } = await signUp();
    const session = await checkout(token);
    const early = await call(syncSession, "/x", { method: "POST", token, params: { id: session.session_id } });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe("checkout_incomplete");

    const intruder = await signUp();
    fake.completeCheckout(session.session_id);
    expect(
      (await call(syncSession, "/x", { method: "POST", token: intruder.token, params: { id: session.session_id } }))
        .status,
    ).toBe(404);
    expect((await localSub(workspaceId)).provider).toBe("none");

    const synced = await call(syncSession, "/x", { method: "POST", token, params: { id: session.session_id } });
    expect(synced.status).toBe(200);
    expect(synced.json.subscription).toMatchObject({
      status: "active",
      provider: "stripe",
      plan: { code: "professionnel" },
    });
    expect(synced.json.subscription.current_period_end).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
  });

  it("changes plan in place for a paying user instead of subscribing twice", async () => {
    const user = await paidUser();
    const res = await checkout(user.token, "price_ent_test");
    expect(res.session_id).toBe(user.subscriptionId);
    expect(res.url).toBe(`http://localhost:3000/payment-success?session_id=${user.subscriptionId}`);
    expect(fake.state.subscriptions.get(user.subscriptionId)!.items.data[0].price.id).toBe("price_ent_test");
    expect((await localSub(user.workspaceId)).stripePriceId).toBe("price_ent_test");
    const synced = await call(syncSession, "/x", {
      method: "POST",
      token: user.token,
      params: { id: user.subscriptionId },
    });
    expect(synced.json.subscription.plan.code).toBe("entreprise");
    expect(
      [...fake.state.subscriptions.values()].filter(
        (s) => s.customer === fake.state.sessions.get(user.sessionId)!.customer,
      ),
    ).toHaveLength(1);
  });

  it("bills an upgrade at once, prorated for the rest of the period (always_invoice)", async () => {
    const user = await paidUser();
    // a cancellation chosen before is ended by the paid upgrade (not inside the pending update, which refuses it)
    await call(cancelSub, "/x", { method: "POST", token: user.token, params: { id: user.subscriptionId } });
    await checkout(user.token, "price_ent_test");
    expect(fake.state.subscriptions.get(user.subscriptionId)!.cancel_at_period_end).toBe(false);
    expect((await localSub(user.workspaceId)).cancelAtPeriodEnd).toBe(false);
    const update = fake.requests.find(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${user.subscriptionId}` && r.body.items,
    );
    expect(update?.body).toMatchObject({
      items: [{ price: "price_ent_test" }],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
  });

  it("charges the TVA on top of the HT price, as the plans, the checkout and the invoices say", async () => {
    const vatRate = () => [...fake.state.taxRates.values()].filter((r) => r.metadata.veilleprix);
    const { token } = await signUp();
    const session = await checkout(token);
    const rate = vatRate()[0]!;
    expect(rate).toMatchObject({
      percentage: 20,
      inclusive: false,
      country: "FR",
      tax_type: "vat",
      display_name: "TVA",
    });
    expect(fake.state.sessions.get(session.session_id)!.subscription_data.default_tax_rates).toEqual([rate.id]);
    fake.completeCheckout(session.session_id);
    await call(syncSession, "/x", { method: "POST", token, params: { id: session.session_id } });
    const [invoice] = (await call(listInvoicesRoute, "/api/payments/invoices", { token })).json;
    // what the Professionnel card says: 49,00 € HT, soit 58,80 € TTC
    expect(invoice).toMatchObject({ total: addVat(4900).ttc, amount_paid: 5880 });

    // the embedded card form and a plan change carry the same rate, created once for the account
    const card = await signUp();
    const sub = await call(createSubscription, "/x", {
      token: card.token,
      body: { payment_method_id: "pm_card_visa_tva", price_id: "price_ent_test" },
    });
    const created = fake.state.subscriptions.get(sub.json.subscription_id)!;
    expect(created.default_tax_rates.map((r: { id: string }) => r.id)).toEqual([rate.id]);
    expect(fake.state.invoices.get(created.latest_invoice)!.total).toBe(addVat(19900).ttc);
    const legacy = await paidUser();
    fake.state.subscriptions.get(legacy.subscriptionId)!.default_tax_rates = [];
    await checkout(legacy.token, "price_ent_test");
    const changed = fake.state.subscriptions.get(legacy.subscriptionId)!;
    expect(changed.default_tax_rates.map((r: { id: string }) => r.id)).toEqual([rate.id]);
    expect(fake.state.invoices.get(changed.latest_invoice)!.total).toBe(23880);
    expect(vatRate()).toHaveLength(1);
  });

  it("refuses the demo checkout when Stripe is configured", async () => {
    const { token } = await signUp();
    const res = await call(confirmDemo, "/x", {
      method: "POST",
      token,
      params: { id: "demo_2_9999999999_0123456789abcdef_0123456789abcdef0123456789abcdef" },
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("demo_disabled");
  });
});

describe("POST /api/webhooks/stripe", () => {
  it("rejects a bad signature or a missing one with 400 and changes nothing", async () => {
    const { token, workspaceId } = await signUp();
    const session = await checkout(token);
    const { session: completed } = fake.completeCheckout(session.session_id);
    const forged = await deliver("checkout.session.completed", completed, { secret: "whsec_pas_le_bon" });
    expect(forged.status).toBe(400);
    expect(forged.json).toEqual({ detail: "Signature du webhook invalide", code: "invalid_signature" });
    const unsigned = await call(webhook, "/api/webhooks/stripe", {
      method: "POST",
      rawBody: forged.event ? JSON.stringify(forged.event) : "{}",
    });
    expect(unsigned.status).toBe(400);
    // a body altered after signing
    const { payload, header } = fake.signedEvent("checkout.session.completed", completed);
    const altered = await call(webhook, "/api/webhooks/stripe", {
      method: "POST",
      rawBody: payload.replace("complete", "completf"),
      headers: { "stripe-signature": header },
    });
    expect(altered.status).toBe(400);
    expect((await localSub(workspaceId)).provider).toBe("none");
  });

  it("activates on checkout.session.completed, and a replay is a no-op", async () => {
    const { token, workspaceId } = await signUp();
    const session = await checkout(token);
    const { session: completed, subscription } = fake.completeCheckout(session.session_id);
    const first = await deliver("checkout.session.completed", completed, { id: `evt_replay_${workspaceId}` });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ received: true, handled: true });
    expect(await localSub(workspaceId)).toMatchObject({
      provider: "stripe",
      status: "active",
      stripeSubscriptionId: subscription.id,
    });

    const retrievals = fake.requests.filter((r) => r.path === `/v1/subscriptions/${subscription.id}`).length;
    const replay = await deliver("checkout.session.completed", completed, { id: `evt_replay_${workspaceId}` });
    expect(replay.json).toEqual({ received: true, handled: false, duplicate: true });
    expect(fake.requests.filter((r) => r.path === `/v1/subscriptions/${subscription.id}`).length).toBe(retrievals);
    const events = await (await getDb())
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, `evt_replay_${workspaceId}`));
    expect(events).toEqual([expect.objectContaining({ type: "checkout.session.completed" })]);
  });

  it("answers 200 and records events for unknown invoices and unknown users, never a 500", async () => {
    const unknownInvoice = await deliver("invoice.paid", { id: "in_inconnu_0001", object: "invoice" });
    expect(unknownInvoice.status).toBe(200);
    expect(unknownInvoice.json).toMatchObject({ received: true, handled: false, unknown_object: true });
    const recorded = await (await getDb())
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, unknownInvoice.event.id));
    expect(recorded).toHaveLength(1);

    const { subscriptionId } = await paidUser();
    const sub = fake.state.subscriptions.get(subscriptionId)!;
    sub.customer = "cus_inconnu";
    for (const claimed of ["-".repeat(36), "0".repeat(36), "00000000-0000-0000-0000-000000000000"]) {
      sub.metadata = { ...(sub.metadata as object), workspace_id: claimed };
      const res = await deliver("customer.subscription.updated", structuredClone(sub));
      expect(res.status, res.text).toBe(200);
    }
  });

  it("acknowledges and ignores events outside the allowlist", async () => {
    const res = await deliver("customer.created", { id: "cus_whatever", object: "customer" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true, handled: false });
    const recorded = await (await getDb()).select().from(stripeEvents).where(eq(stripeEvents.id, res.event.id));
    expect(recorded).toEqual([]);
  });

  it("gives the same result whatever the order of the events (re-reads Stripe)", async () => {
    const a = await paidUser();
    const b = await paidUser();
    for (const user of [a, b]) {
      const sub = fake.state.subscriptions.get(user.subscriptionId)!;
      const stale = structuredClone(sub);
      sub.status = "canceled";
      const deleted = structuredClone(sub);
      if (user === a) {
        await deliver("customer.subscription.updated", stale);
        await deliver("customer.subscription.deleted", deleted);
      } else {
        await deliver("customer.subscription.deleted", deleted);
        await deliver("customer.subscription.updated", stale);
        await deliver("customer.subscription.created", stale);
      }
    }
    for (const user of [a, b]) {
      expect(await localSub(user.workspaceId)).toMatchObject({
        provider: "none",
        status: "active",
        stripeSubscriptionId: null,
      });
      expect((await call(mySubscription, "/x", { token: user.token })).json.plan.code).toBe("freemium");
    }
  });

  it("an event about an older subscription does not undo the current one", async () => {
    const user = await paidUser();
    const old = fake.state.subscriptions.get(user.subscriptionId)!;
    const staleActive = structuredClone(old);
    old.status = "canceled";
    await deliver("customer.subscription.deleted", old);
    expect((await localSub(user.workspaceId)).provider).toBe("none");
    const session = await checkout(user.token, "price_ent_test");
    const { subscription: current } = fake.completeCheckout(session.session_id);
    await deliver("customer.subscription.created", current);
    expect((await localSub(user.workspaceId)).stripeSubscriptionId).toBe(current.id);
    // late deliveries about the old subscription, under new event ids
    await deliver("customer.subscription.updated", staleActive);
    await deliver("customer.subscription.deleted", old);
    expect(await localSub(user.workspaceId)).toMatchObject({
      stripeSubscriptionId: current.id,
      provider: "stripe",
      stripePriceId: "price_ent_test",
    });
  });

  it("records a failed payment: open invoice, past_due subscription, still the paid plan", async () => {
    const user = await paidUser();
    const sub = fake.state.subscriptions.get(user.subscriptionId)!;
    sub.status = "past_due";
    const inv = { ...fake.state.invoices.get(sub.latest_invoice)! };
    inv.id = `in_failed_${user.workspaceId.slice(0, 8)}`;
    Object.assign(inv, { status: "open", amount_paid: 0, amount_due: 4900, created: inv.created + 60 });
    fake.state.invoices.set(inv.id, inv);
    const res = await deliver("invoice.payment_failed", inv);
    expect(res.json.handled).toBe(true);
    expect(await localSub(user.workspaceId)).toMatchObject({ status: "past_due", provider: "stripe" });
    const [row] = await (await getDb()).select().from(invoices).where(eq(invoices.stripeInvoiceId, inv.id));
    expect(row).toMatchObject({ workspaceId: user.workspaceId, status: "open", amountDue: 4900, amountPaid: 0 });

    // paid later: the same invoice row turns paid and the subscription active again
    Object.assign(inv, { status: "paid", amount_paid: 4900 });
    sub.status = "active";
    await deliver("invoice.paid", inv);
    const [paid] = await (await getDb()).select().from(invoices).where(eq(invoices.stripeInvoiceId, inv.id));
    expect(paid).toMatchObject({ id: row!.id, status: "paid", amountPaid: 4900 });
    expect((await localSub(user.workspaceId)).status).toBe("active");
  });
});

describe("subscription management", () => {
  it("cancels at period end and resumes, on Stripe and here", async () => {
    const user = await paidUser();
    const cancelled = await call(cancelSub, "/x", {
      method: "POST",
      token: user.token,
      params: { id: user.subscriptionId },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ cancel_at_period_end: true, plan: { code: "professionnel" } });
    expect(fake.state.subscriptions.get(user.subscriptionId)!.cancel_at_period_end).toBe(true);
    const got = await call(getSub, "/x", { token: user.token, params: { id: user.subscriptionId } });
    expect(got.json.cancel_at_period_end).toBe(true);

    const resumed = await call(resumeSub, "/x", {
      method: "POST",
      token: user.token,
      params: { id: user.subscriptionId },
    });
    expect(resumed.json.cancel_at_period_end).toBe(false);
    expect(fake.state.subscriptions.get(user.subscriptionId)!.cancel_at_period_end).toBe(false);

    const other = await signUp();
    expect((await call(getSub, "/x", { token: other.token, params: { id: user.subscriptionId } })).status).toBe(404);
    expect(
      (await call(cancelSub, "/x", { method: "POST", token: other.token, params: { id: user.subscriptionId } })).status,
    ).toBe(404);
  });

  it("choosing Freemium while paying through Stripe cancels at the end of the period", async () => {
    const user = await paidUser();
    const res = await call(subscribe, "/api/subscriptions/subscribe", {
      token: user.token,
      body: { plan_id: "freemium" },
    });
    expect(res.json).toMatchObject({
      status: "scheduled",
      subscription: { cancel_at_period_end: true, plan: { code: "professionnel" } },
    });
  });

  it("gives a customer portal link", async () => {
    const { token } = await signUp();
    const res = await call(portal, "/x", { method: "POST", token });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });
});

describe("a cheaper paid plan takes over at the end of the paid period (subscription schedule)", () => {
  const invoiceCount = (customer: string) =>
    [...fake.state.invoices.values()].filter((i) => i.customer === customer).length;
  const shown = async (token: string) => (await call(mySubscription, "/x", { token })).json;

  /** An Entreprise subscriber who chose Professionnel. */
  async function downgraded() {
    const user = await paidUser("price_ent_test");
    const sub = fake.state.subscriptions.get(user.subscriptionId)!;
    const invoicesBefore = invoiceCount(sub.customer);
    const res = await checkout(user.token, "price_pro_test");
    return { ...user, sub, res, invoicesBefore };
  }

  it("keeps the paid plan until the period ends, schedules the cheaper price after it, charges nothing", async () => {
    const { token, workspaceId, subscriptionId, sub, res, invoicesBefore } = await downgraded();
    expect(res).toEqual({
      session_id: subscriptionId,
      url: "http://localhost:3000/subscriptions",
      mode: "stripe",
      scheduled: true,
    });
    const item = sub.items.data[0];
    expect(item.price.id).toBe("price_ent_test");
    const schedule = fake.state.schedules.get(sub.schedule)!;
    expect(schedule).toMatchObject({ status: "active", end_behavior: "release", subscription: subscriptionId });
    const [now, next] = schedule.phases;
    expect([now.items[0].price, now.start_date, now.end_date]).toEqual([
      "price_ent_test",
      item.current_period_start,
      item.current_period_end,
    ]);
    expect([next.items[0].price, next.start_date]).toEqual(["price_pro_test", item.current_period_end]);
    expect(next.end_date - next.start_date).toBeGreaterThanOrEqual(28 * 86400);
    expect(next.metadata).toMatchObject({ workspace_id: workspaceId });
    expect(next.default_tax_rates).toHaveLength(1);
    expect(invoiceCount(sub.customer)).toBe(invoicesBefore);

    expect(await shown(token)).toMatchObject({
      plan: { code: "entreprise" },
      pending_plan: { code: "professionnel" },
      cancel_at_period_end: false,
      current_period_end: item.current_period_end,
    });
    expect((await getWorkspacePlan(workspaceId)).code).toBe("entreprise");
  });

  it("applies it from the webhook when Stripe switches the price; replayed and late events change nothing", async () => {
    const { token, workspaceId, subscriptionId, sub } = await downgraded();
    const scheduleEvent = structuredClone(fake.state.schedules.get(sub.schedule)!);
    const staleSub = structuredClone(sub);
    // a schedule event alone (a change made on Stripe's side) shows the pending plan too
    await (await getDb())
      .update(subscriptions)
      .set({ pendingPlanId: null })
      .where(eq(subscriptions.workspaceId, workspaceId));
    expect((await deliver("subscription_schedule.updated", scheduleEvent)).json.handled).toBe(true);
    expect((await shown(token)).pending_plan).toMatchObject({ code: "professionnel" });

    const { subscription } = fake.endPeriod(subscriptionId);
    const switched = await deliver("customer.subscription.updated", structuredClone(subscription), {
      id: `evt_switch_${workspaceId}`,
    });
    expect(switched.json).toEqual({ received: true, handled: true });
    const after = await shown(token);
    expect(after).toMatchObject({ provider: "stripe", plan: { code: "professionnel" }, pending_plan: null });
    expect(after.current_period_end).toBe(subscription.items.data[0].current_period_end);
    expect((await getWorkspacePlan(workspaceId)).code).toBe("professionnel");

    const replay = await deliver("customer.subscription.updated", structuredClone(subscription), {
      id: `evt_switch_${workspaceId}`,
    });
    expect(replay.json).toEqual({ received: true, handled: false, duplicate: true });
    // older events delivered late, under new ids: Stripe is re-read, nothing goes back
    await deliver("customer.subscription.updated", staleSub);
    await deliver("subscription_schedule.updated", scheduleEvent);
    expect(await shown(token)).toMatchObject({ plan: { code: "professionnel" }, pending_plan: null });

    // after its last phase the schedule is released: the subscription goes on at the cheaper price
    const { schedule } = fake.endPeriod(subscriptionId);
    expect(schedule).toMatchObject({ status: "released", released_subscription: subscriptionId });
    await deliver("subscription_schedule.released", structuredClone(schedule!));
    expect(await localSub(workspaceId)).toMatchObject({
      provider: "stripe",
      stripePriceId: "price_pro_test",
      pendingPlanId: null,
      stripeSubscriptionId: subscriptionId,
    });
  });

  it("cancels the pending change (the schedule is released), and any other choice replaces it", async () => {
    const { token, subscriptionId, sub, invoicesBefore } = await downgraded();
    const first = sub.schedule as string;
    const resumed = await call(resumeSub, "/x", { method: "POST", token, params: { id: subscriptionId } });
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json).toMatchObject({
      plan: { code: "entreprise" },
      pending_plan: null,
      cancel_at_period_end: false,
    });
    expect(fake.state.schedules.get(first)).toMatchObject({
      status: "released",
      released_subscription: subscriptionId,
    });
    expect(sub.schedule).toBeNull();

    // choosing the plan in force again drops a scheduled change too, with no charge
    await checkout(token, "price_pro_test");
    const again = await checkout(token, "price_ent_test");
    expect(again.url).toBe(`http://localhost:3000/payment-success?session_id=${subscriptionId}`);
    expect(sub.schedule).toBeNull();
    expect((await shown(token)).pending_plan).toBeNull();
    expect(invoiceCount(sub.customer)).toBe(invoicesBefore);

    // Freemium chosen while a downgrade is scheduled: the schedule goes, then the cancellation at period end
    await checkout(token, "price_pro_test");
    const free = await call(subscribe, "/api/subscriptions/subscribe", { token, body: { plan_id: "freemium" } });
    expect(free.status, free.text).toBe(200);
    expect(free.json.subscription).toMatchObject({
      plan: { code: "entreprise" },
      pending_plan: null,
      cancel_at_period_end: true,
    });
    expect(sub).toMatchObject({ schedule: null, cancel_at_period_end: true });

    // and a downgrade chosen after that cancellation replaces it
    await checkout(token, "price_pro_test");
    expect(sub.cancel_at_period_end).toBe(false);
    expect(await shown(token)).toMatchObject({ pending_plan: { code: "professionnel" }, cancel_at_period_end: false });
    fake.endPeriod(subscriptionId);
    expect(sub.items.data[0].price.id).toBe("price_pro_test");
  });
});

describe("card payments (embedded form)", () => {
  it("subscribes with a card and activates at once", async () => {
    const { token, workspaceId } = await signUp();
    const res = await call(createSubscription, "/x", {
      token,
      body: { payment_method_id: "pm_card_visa", price_id: "price_pro_test" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: "active", subscription_id: expect.stringMatching(/^sub_/) });
    expect(await localSub(workspaceId)).toMatchObject({
      provider: "stripe",
      status: "active",
      stripeSubscriptionId: res.json.subscription_id,
    });
    const customer = fake.state.customers.get(fake.state.subscriptions.get(res.json.subscription_id)!.customer)!;
    expect(customer.invoice_settings.default_payment_method).toBe("pm_card_visa");
  });

  it("answers requires_action with the client secret when the bank asks for authentication", async () => {
    const { token, workspaceId } = await signUp();
    const res = await call(createSubscription, "/x", {
      token,
      body: { payment_method_id: "pm_card_threeDSecure", price_id: "price_ent_test" },
    });
    expect(res.json).toMatchObject({ status: "requires_action", client_secret: expect.stringMatching(/_secret_/) });
    // nothing granted before the payment is confirmed
    expect((await localSub(workspaceId)).provider).toBe("none");
    // the browser confirmed: Stripe activates, and the subscription read converges
    fake.state.subscriptions.get(res.json.subscription_id)!.status = "active";
    const got = await call(getSub, "/x", { token, params: { id: res.json.subscription_id } });
    expect(got.status).toBe(404);
    await deliver("customer.subscription.updated", fake.state.subscriptions.get(res.json.subscription_id)!);
    expect((await call(getSub, "/x", { token, params: { id: res.json.subscription_id } })).json.plan.code).toBe(
      "entreprise",
    );
  });

  it("shows the bank's message for a declined card", async () => {
    const { token } = await signUp();
    const res = await call(createSubscription, "/x", {
      token,
      body: { payment_method_id: "pm_card_chargeDeclined", price_id: "price_pro_test" },
    });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ detail: "Votre carte a été refusée.", code: "card_error" });
  });

  it("validates the payment method id", async () => {
    const { token } = await signUp();
    const res = await call(createSubscription, "/x", {
      token,
      body: { payment_method_id: "", price_id: "price_pro_test" },
    });
    expect(res.status).toBe(422);
  });

  it("creates a payment intent for a plan's amount", async () => {
    const { token } = await signUp();
    const res = await call(createIntent, "/x", { token, body: { plan_id: "professionnel" } });
    // 49,00 € HT + TVA 20 %
    expect(res.json).toMatchObject({ amount: 5880, currency: "eur", client_secret: expect.stringMatching(/_secret_/) });
    expect((await call(createIntent, "/x", { token, body: {} })).status).toBe(422);
  });
});

describe("payment methods", () => {
  it("lists, adds, sets the default and deletes the caller's cards only", async () => {
    const { token } = await signUp();
    expect((await call(pmRoutes.GET, "/x", { token })).json).toEqual([]);
    const a = await call(pmRoutes.POST, "/x", { token, body: { payment_method_id: "pm_alice_visa_1" } });
    expect(a.status).toBe(201);
    expect(a.json).toMatchObject({ id: "pm_alice_visa_1", brand: "visa", last4: "4242", is_default: true });
    const b = await call(pmRoutes.POST, "/x", { token, body: { payment_method_id: "pm_alice_mastercard_2" } });
    expect(b.json.is_default).toBe(false);
    const setDefault = await call(defaultPm, "/x", { method: "POST", token, params: { id: "pm_alice_mastercard_2" } });
    expect(setDefault.json.is_default).toBe(true);
    const list = await call(pmRoutes.GET, "/x", { token });
    expect(list.json.map((pm: { id: string; is_default: boolean }) => [pm.id, pm.is_default])).toEqual([
      ["pm_alice_visa_1", false],
      ["pm_alice_mastercard_2", true],
    ]);

    const bob = await signUp();
    expect(
      (await call(deletePm, "/x", { method: "DELETE", token: bob.token, params: { id: "pm_alice_visa_1" } })).status,
    ).toBe(404);
    expect(
      (await call(defaultPm, "/x", { method: "POST", token: bob.token, params: { id: "pm_alice_visa_1" } })).status,
    ).toBe(404);
    expect(
      (await call(pmRoutes.POST, "/x", { token: bob.token, body: { payment_method_id: "pm_alice_visa_1" } })).status,
    ).toBe(422);

    const del = await call(deletePm, "/x", { method: "DELETE", token, params: { id: "pm_alice_visa_1" } });
    expect(del.json).toEqual({ id: "pm_alice_visa_1", deleted: true });
    expect((await call(pmRoutes.GET, "/x", { token })).json).toHaveLength(1);
  });
});

describe("invoices", () => {
  it("lists the caller's Stripe invoices (refreshed from Stripe) and serves only their own PDF", async () => {
    const alice = await paidUser();
    const bob = await paidUser();
    const list = await call(listInvoicesRoute, "/api/payments/invoices", { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toMatchObject({
      amount_paid: 5880,
      amount_due: 5880,
      total: 5880,
      currency: "eur",
      status: "paid",
    });
    const id = list.json[0].id as string;
    expect(list.json[0].invoice_pdf).toBe(`/api/payments/invoices/${id}/pdf`);

    const own = await call(invoicePdf, "/x", { token: alice.token, params: { id } });
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toMatch(/^https:\/\/pay\.stripe\.test\/invoice\//);
    const stolen = await call(invoicePdf, "/x", { token: bob.token, params: { id } });
    expect(stolen.status).toBe(404);
    const bobList = await call(listInvoicesRoute, "/api/payments/invoices", { token: bob.token });
    expect(bobList.json.map((i: { id: string }) => i.id)).not.toContain(id);
  });
});
