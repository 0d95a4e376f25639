// A local stand-in for the Stripe API (node:http), enough for stripe-node pointed at it through
// STRIPE_API_BASE: customers, checkout sessions, subscriptions, subscription schedules, invoices, payment
// methods, payment intents and portal sessions. Webhook payloads are signed with the real library.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, vi } from "vitest";

type Obj = Record<string, any>;

export const WEBHOOK_SECRET = "whsec_test_veilleprix_0123456789";

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects and arrays. */
function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, "").split("[");
    let node: any = out;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      if (last) node[key] = value;
      else node = node[key] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

const missing = (what: string, id: string) =>
  stripeError(404, "invalid_request_error", `No such ${what}: '${id}'`, "resource_missing");

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_veilleprix_fake",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PUBLISHABLE_KEY: "pk_test_veilleprix_fake",
  STRIPE_PRICE_PROFESSIONNEL: "price_pro_test",
  STRIPE_PRICE_ENTREPRISE: "price_ent_test",
};

/**
 * A test file's app billing through the fake (prices price_pro_test and price_ent_test): lib/env.ts is parsed once
 * per module graph (the shared setup already loaded it without Stripe), so the file imports the app afresh
 * (`await import`) after this call. Puts the settings back and stops the fake after the file.
 */
export async function billThroughFakeStripe(): Promise<FakeStripe> {
  const fake = await startFakeStripe({ price_pro_test: 4900, price_ent_test: 19900 });
  Object.assign(process.env, STRIPE_ENV, { STRIPE_API_BASE: fake.baseUrl });
  vi.resetModules();
  afterAll(async () => {
    for (const name of [...Object.keys(STRIPE_ENV), "STRIPE_API_BASE"]) delete process.env[name];
    await fake.close();
  });
  return fake;
}

export async function startFakeStripe(prices: Record<string, number>) {
  let seq = 0;
  const id = (prefix: string) => `${prefix}_test${String(++seq).padStart(6, "0")}`;
  const now = () => Math.floor(Date.now() / 1000);
  const state = {
    customers: new Map<string, Obj>(),
    sessions: new Map<string, Obj>(),
    subscriptions: new Map<string, Obj>(),
    invoices: new Map<string, Obj>(),
    paymentMethods: new Map<string, Obj>(),
    paymentIntents: new Map<string, Obj>(),
    taxRates: new Map<string, Obj>(),
    schedules: new Map<string, Obj>(),
  };
  const requests: Array<{ method: string; path: string; body: Obj; idempotencyKey: string | null }> = [];
  const idempotent = new Map<string, { status: number; body: Obj }>();

  const list = (data: Obj[], url: string) => ({ object: "list", data, has_more: false, url });

  function paymentMethod(pmId: string): Obj {
    let pm = state.paymentMethods.get(pmId);
    if (!pm) {
      pm = {
        id: pmId,
        object: "payment_method",
        type: "card",
        customer: null,
        card: { brand: "visa", last4: pmId.includes("mastercard") ? "4444" : "4242", exp_month: 12, exp_year: 2034 },
      };
      state.paymentMethods.set(pmId, pm);
    }
    return pm;
  }

  // exclusive rates are added on top of the price, as Stripe does (rounded per rate to the cent)
  function invoiceTaxes(rateIds: string[], subtotal: number) {
    return rateIds
      .map((rateId) => state.taxRates.get(rateId))
      .filter((rate): rate is Obj => !!rate && rate.inclusive === false)
      .map((rate) => ({
        amount: Math.round((subtotal * rate.percentage) / 100),
        tax_behavior: "exclusive",
        tax_rate_details: { tax_rate: rate.id },
        taxability_reason: null,
        taxable_amount: subtotal,
        type: "tax_rate_details",
      }));
  }

  function createInvoice(sub: Obj, status: "paid" | "open") {
    const subtotal = prices[sub.items.data[0].price.id] ?? 0;
    const taxes = invoiceTaxes(
      sub.default_tax_rates.map((r: Obj) => r.id),
      subtotal,
    );
    const amount = subtotal + taxes.reduce((sum, t) => sum + t.amount, 0);
    const inv: Obj = {
      id: id("in"),
      object: "invoice",
      customer: sub.customer,
      status,
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      subtotal,
      total_taxes: taxes,
      total: amount,
      currency: "eur",
      created: now(),
      number: `FAKE-${seq}`,
      invoice_pdf: `https://pay.stripe.test/invoice/${seq}/pdf`,
      hosted_invoice_url: `https://invoice.stripe.test/i/${seq}`,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      confirmation_secret: { type: "payment_intent", client_secret: `pi_${seq}_secret_fake` },
      lines: list([], "/v1/invoices/lines"),
    };
    state.invoices.set(inv.id, inv);
    sub.latest_invoice = inv.id;
    return inv;
  }

  function createSubscription(
    customer: string,
    price: string,
    metadata: Obj,
    status: string,
    paymentMethodId?: string,
    taxRateIds: string[] = [],
  ) {
    const start = now();
    const sub: Obj = {
      id: id("sub"),
      object: "subscription",
      customer,
      status,
      created: start + seq,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      default_payment_method: paymentMethodId ?? null,
      metadata: { ...metadata },
      default_tax_rates: taxRateIds.map((rateId) => state.taxRates.get(rateId)).filter(Boolean),
      items: list(
        [
          {
            id: id("si"),
            object: "subscription_item",
            price: { id: price, object: "price" },
            current_period_start: start,
            current_period_end: start + 30 * 86400,
          },
        ],
        "/v1/subscription_items",
      ),
      latest_invoice: null,
      pending_update: null,
      schedule: null,
    };
    state.subscriptions.set(sub.id, sub);
    createInvoice(sub, status === "active" ? "paid" : "open");
    return sub;
  }

  function expandSub(sub: Obj, expand: unknown) {
    const wanted = Array.isArray(expand) ? expand : expand ? Object.values(expand as Obj) : [];
    const out = { ...sub };
    if (wanted.some((e) => String(e).startsWith("latest_invoice")) && sub.latest_invoice)
      out.latest_invoice = state.invoices.get(sub.latest_invoice);
    if (wanted.some((e) => String(e).startsWith("schedule")) && sub.schedule)
      out.schedule = state.schedules.get(sub.schedule);
    return out;
  }

  const addMonths = (unix: number, months: number) => {
    const d = new Date(unix * 1000);
    d.setUTCMonth(d.getUTCMonth() + months);
    return Math.floor(d.getTime() / 1000);
  };

  /** A schedule phase as Stripe shows it: prices as ids, tax rates as objects, dates filled in. */
  function schedulePhase(input: Obj, start: number): Obj {
    const end =
      input.end_date !== undefined
        ? Number(input.end_date)
        : input.duration?.interval === "month"
          ? addMonths(start, Number(input.duration.interval_count ?? 1))
          : start + 30 * 86400;
    return {
      add_invoice_items: [],
      billing_cycle_anchor: input.billing_cycle_anchor ?? null,
      currency: "eur",
      default_tax_rates: (input.default_tax_rates ?? [])
        .map((rateId: string) => state.taxRates.get(rateId))
        .filter(Boolean),
      discounts: [],
      start_date: start,
      end_date: end,
      items: (input.items ?? []).map((i: Obj) => ({
        price: i.price,
        quantity: Number(i.quantity ?? 1),
        metadata: {},
        tax_rates: [],
      })),
      metadata: input.metadata ?? {},
      proration_behavior: input.proration_behavior ?? "create_prorations",
      trial_end: null,
    };
  }

  // POST /v1/subscription_schedules with from_subscription: one phase, the subscription's current period
  function createScheduleFrom(subId: string) {
    const sub = state.subscriptions.get(subId);
    if (!sub) return missing("subscription", subId);
    if (sub.schedule)
      return stripeError(
        400,
        "invalid_request_error",
        `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
      );
    const item = sub.items.data[0];
    const phase = schedulePhase(
      {
        items: [{ price: item.price.id, quantity: 1 }],
        end_date: item.current_period_end,
        default_tax_rates: sub.default_tax_rates.map((r: Obj) => r.id),
        metadata: { ...sub.metadata },
      },
      item.current_period_start,
    );
    const schedule: Obj = {
      id: id("sub_sched"),
      object: "subscription_schedule",
      canceled_at: null,
      completed_at: null,
      created: now(),
      current_phase: { start_date: phase.start_date, end_date: phase.end_date },
      customer: sub.customer,
      end_behavior: "release",
      livemode: false,
      metadata: {},
      phases: [phase],
      released_at: null,
      released_subscription: null,
      status: "active",
      subscription: sub.id,
      test_clock: null,
    };
    state.schedules.set(schedule.id, schedule);
    sub.schedule = schedule.id;
    return { status: 200, body: schedule };
  }

  function updateSchedule(schedule: Obj, body: Obj) {
    if (!["active", "not_started"].includes(schedule.status))
      return stripeError(
        400,
        "invalid_request_error",
        `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`,
      );
    if (body.end_behavior) schedule.end_behavior = body.end_behavior;
    if (body.metadata) schedule.metadata = { ...schedule.metadata, ...body.metadata };
    if (body.phases) {
      const current = schedule.current_phase;
      const inputs = body.phases as Obj[];
      if (current && Number(inputs[0]?.start_date) !== current.start_date)
        return stripeError(
          400,
          "invalid_request_error",
          "You can not modify the start date of the current phase.",
          "parameter_invalid",
        );
      const phases: Obj[] = [];
      for (const input of inputs) {
        for (const item of input.items ?? []) if (!(item.price in prices)) return missing("price", String(item.price));
        const start = phases.length ? phases[phases.length - 1]!.end_date : Number(input.start_date);
        phases.push(schedulePhase(input, start));
      }
      schedule.phases = phases;
    }
    return { status: 200, body: schedule };
  }

  function releaseSchedule(schedule: Obj) {
    if (!["active", "not_started"].includes(schedule.status))
      return stripeError(
        400,
        "invalid_request_error",
        `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`,
      );
    const sub = state.subscriptions.get(schedule.subscription);
    if (sub) sub.schedule = null;
    Object.assign(schedule, {
      status: "released",
      released_at: now(),
      released_subscription: schedule.subscription,
      subscription: null,
      current_phase: null,
    });
    return { status: 200, body: schedule };
  }

  async function route(method: string, path: string, body: Obj, query: Obj): Promise<{ status: number; body: Obj }> {
    const ok = (b: Obj) => ({ status: 200, body: b });
    let m: RegExpExecArray | null;

    if (method === "POST" && path === "/v1/customers") {
      const c = {
        id: id("cus"),
        object: "customer",
        email: body.email,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      };
      state.customers.set(c.id, c);
      return ok(c);
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const c = state.customers.get(m[1]!);
      if (!c) return missing("customer", m[1]!);
      if (method === "POST" && body.invoice_settings)
        c.invoice_settings.default_payment_method = body.invoice_settings.default_payment_method || null;
      return ok(c);
    }
    if (method === "GET" && (m = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path))) {
      const data = [...state.paymentMethods.values()].filter((pm) => pm.customer === m![1]);
      return ok(list(data, path));
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(path))) {
      const pm = paymentMethod(m[1]!);
      if (m[2] === "/attach") {
        if (!state.customers.has(body.customer)) return missing("customer", body.customer);
        pm.customer = body.customer;
      }
      if (m[2] === "/detach") pm.customer = null;
      return ok(pm);
    }
    if (method === "POST" && path === "/v1/tax_rates") {
      const rate = {
        id: id("txr"),
        object: "tax_rate",
        active: true,
        display_name: body.display_name,
        description: body.description ?? null,
        percentage: Number(body.percentage),
        inclusive: body.inclusive === "true",
        country: body.country ?? null,
        jurisdiction: body.jurisdiction ?? null,
        tax_type: body.tax_type ?? null,
        metadata: body.metadata ?? {},
      };
      state.taxRates.set(rate.id, rate);
      return ok(rate);
    }
    if (method === "GET" && path === "/v1/tax_rates") {
      const data = [...state.taxRates.values()].filter(
        (r) =>
          (query.active === undefined || String(r.active) === query.active) &&
          (query.inclusive === undefined || String(r.inclusive) === query.inclusive),
      );
      return ok(list(data, path));
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const s = {
        id: id("cs_test"),
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        payment_status: "unpaid",
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data ?? {},
        line_items_price: body.line_items?.[0]?.price,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        subscription: null,
        url: `https://checkout.stripe.test/c/pay/${seq}`,
      };
      state.sessions.set(s.id, s);
      return ok(s);
    }
    if (method === "GET" && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const s = state.sessions.get(m[1]!);
      return s ? ok(s) : missing("checkout.session", m[1]!);
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      const price = body.items?.[0]?.price;
      if (!(price in prices)) return missing("price", String(price));
      const pmId = body.default_payment_method as string | undefined;
      if (pmId?.includes("chargeDeclined"))
        return stripeError(402, "card_error", "Votre carte a été refusée.", "card_declined");
      const status = pmId?.includes("threeDSecure") ? "incomplete" : "active";
      const sub = createSubscription(body.customer, price, body.metadata ?? {}, status, pmId, body.default_tax_rates);
      return ok(expandSub(sub, body.expand));
    }
    if (method === "POST" && path === "/v1/subscription_schedules") {
      if (!body.from_subscription)
        return stripeError(400, "invalid_request_error", "The fake only creates schedules from a subscription.");
      return createScheduleFrom(body.from_subscription);
    }
    if ((m = /^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/.exec(path))) {
      const schedule = state.schedules.get(m[1]!);
      if (!schedule) return missing("subscription_schedule", m[1]!);
      if (method === "POST" && m[2]) return releaseSchedule(schedule);
      if (method === "POST") return updateSchedule(schedule, body);
      return ok(schedule);
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = state.subscriptions.get(m[1]!);
      if (!sub) return missing("subscription", m[1]!);
      if (method === "POST" && sub.schedule && (body.cancel_at_period_end !== undefined || body.cancel_at))
        return stripeError(
          400,
          "invalid_request_error",
          `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        );
      const pendingOnly = new Set(["expand", "payment_behavior", "proration_behavior", "proration_date"]);
      for (const key of [
        "billing_cycle_anchor",
        "items",
        "trial_end",
        "trial_from_plan",
        "add_invoice_items",
        "metadata",
      ])
        pendingOnly.add(key);
      const refused = Object.keys(body).filter((key) => !pendingOnly.has(key));
      if (method === "POST" && body.payment_behavior === "pending_if_incomplete" && refused.length)
        return stripeError(
          400,
          "invalid_request_error",
          `The following parameters are not supported for pending updates: ${refused.join(", ")}.`,
          "parameter_unknown",
        );
      if (method === "POST") {
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === "true";
        if (body.metadata) sub.metadata = { ...sub.metadata, ...body.metadata };
        if (body.default_tax_rates)
          sub.default_tax_rates = body.default_tax_rates.map((rateId: string) => state.taxRates.get(rateId));
        const newPrice = body.items?.[0]?.price;
        if (newPrice) {
          if (!(newPrice in prices)) return missing("price", newPrice);
          sub.items.data[0].price = { id: newPrice, object: "price" };
          createInvoice(sub, "paid");
        }
      }
      if (method === "DELETE") {
        sub.status = "canceled";
        sub.canceled_at = now();
      }
      return ok(expandSub(sub, body.expand ?? query.expand));
    }
    if (method === "GET" && path === "/v1/invoices") {
      const data = [...state.invoices.values()]
        .filter((i) => i.customer === query.customer)
        .sort((a, b) => b.created - a.created);
      return ok(list(data, path));
    }
    if (method === "GET" && (m = /^\/v1\/invoices\/([^/]+)$/.exec(path))) {
      const inv = state.invoices.get(m[1]!);
      return inv ? ok(inv) : missing("invoice", m[1]!);
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const pi = {
        id: id("pi"),
        object: "payment_intent",
        amount: Number(body.amount),
        currency: body.currency,
        customer: body.customer,
        status: "requires_payment_method",
        client_secret: `pi_${seq}_secret_fake`,
        metadata: body.metadata ?? {},
      };
      state.paymentIntents.set(pi.id, pi);
      return ok(pi);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!state.customers.has(body.customer)) return missing("customer", body.customer);
      return ok({
        id: id("bps"),
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${seq}`,
      });
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = raw ? parseForm(raw) : {};
      const query = parseForm(url.searchParams.toString());
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({ method: req.method ?? "GET", path: url.pathname, body, idempotencyKey: key });
      const cacheKey = key && req.method === "POST" ? `${url.pathname}|${key}` : null;
      const result =
        (cacheKey && idempotent.get(cacheKey)) || (await route(req.method ?? "GET", url.pathname, body, query));
      if (cacheKey) idempotent.set(cacheKey, result);
      res.writeHead(result.status, { "content-type": "application/json", "request-id": `req_${seq}` });
      res.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  let eventSeq = 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    state,
    requests,
    /** What Stripe does when the buyer pays on the hosted page: a subscription and a paid invoice. */
    completeCheckout(sessionId: string) {
      const s = state.sessions.get(sessionId)!;
      const data = s.subscription_data ?? {};
      const sub = createSubscription(
        s.customer,
        s.line_items_price,
        data.metadata ?? {},
        "active",
        undefined,
        data.default_tax_rates,
      );
      Object.assign(s, { status: "complete", payment_status: "paid", subscription: sub.id });
      return { session: s, subscription: sub };
    },
    /**
     * The clock reaching the end of the subscription's period: it renews, entering its schedule's next
     * phase if it has one (price and phase metadata applied, a paid invoice at the new price); a schedule
     * whose last phase is over is released (end_behavior 'release').
     */
    endPeriod(subscriptionId: string) {
      const sub = state.subscriptions.get(subscriptionId)!;
      const item = sub.items.data[0];
      const schedule = sub.schedule ? state.schedules.get(sub.schedule) : null;
      const next = schedule?.phases.find((p: Obj) => p.start_date >= item.current_period_end);
      if (schedule && !next) releaseSchedule(schedule);
      if (next) {
        item.price = { id: next.items[0].price, object: "price" };
        sub.metadata = { ...sub.metadata, ...next.metadata };
        if (next.default_tax_rates.length) sub.default_tax_rates = next.default_tax_rates;
        schedule!.current_phase = { start_date: next.start_date, end_date: next.end_date };
      }
      const start = item.current_period_end;
      item.current_period_start = start;
      item.current_period_end = next ? next.end_date : addMonths(start, 1);
      createInvoice(sub, "paid");
      return { subscription: sub, schedule: schedule ?? null };
    },
    /** A webhook delivery: the JSON body and its Stripe-Signature header, signed with the real library. */
    signedEvent(type: string, object: Obj, options: { id?: string; secret?: string } = {}) {
      const event = {
        id: options.id ?? `evt_test${String(++eventSeq).padStart(6, "0")}`,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      };
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
      return { payload, header, event };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
