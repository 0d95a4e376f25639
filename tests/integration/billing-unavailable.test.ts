import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const UNAVAILABLE = "Le paiement en ligne est momentanément indisponible.";

/** The payment routes as the app loads them under the current environment (lib/env.ts reads it once). */
async function loadRoutes() {
  vi.resetModules();
  return {
    ...(await import("../helpers/api")),
    createCheckout: (await import("@/app/api/payments/create-checkout-session/route")).POST,
    confirmDemo: (await import("@/app/api/payments/demo-checkout/[id]/confirm/route")).POST,
    syncSession: (await import("@/app/api/payments/checkout-sessions/[id]/sync/route")).POST,
    paymentConfig: (await import("@/app/api/payments/config/route")).GET,
    subscribe: (await import("@/app/api/subscriptions/subscribe/route")).POST,
    mySubscription: (await import("@/app/api/subscriptions/my-subscription/route")).GET,
    signDemoSession: (await import("@/lib/billing/demo/sign-demo-session")).signDemoSession,
  };
}

// Without Stripe keys no paid plan is given for free, whichever route is called: in production, and outside it
// without BILLING_DEMO=1 (the setup file sets it; STRIPE_SECRET_KEY is never set there).
describe.each([
  {
    name: "production without Stripe keys",
    env: { APP_ENV: "production" },
    demoRefusal: "Le mode démonstration est désactivé en production.",
  },
  {
    name: "no Stripe keys and no BILLING_DEMO=1",
    env: { BILLING_DEMO: undefined },
    demoRefusal: "Le mode démonstration est désactivé sur ce serveur (BILLING_DEMO=1 pour l'activer).",
  },
])("$name", ({ env, demoRefusal }) => {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const setEnv = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  let r: Awaited<ReturnType<typeof loadRoutes>>;
  beforeAll(async () => {
    setEnv(env);
    r = await loadRoutes();
  });
  afterAll(() => setEnv(saved));

  it("tells the browser that online payment is unavailable", async () => {
    const res = await r.call(r.paymentConfig, "/api/payments/config");
    expect(res.json).toEqual({ mode: "unavailable", publishable_key: null, unavailable_message: UNAVAILABLE });
  });

  it("answers 503 to a paid checkout, directly or through subscribe", async () => {
    const { token } = await r.signUp();
    for (const [handler, path] of [
      [r.createCheckout, "/api/payments/create-checkout-session"],
      [r.subscribe, "/api/subscriptions/subscribe"],
    ] as const) {
      const res = await r.call(handler, path, { token, body: { plan_id: "professionnel" } });
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ detail: UNAVAILABLE, code: "payments_unavailable" });
    }
  });

  it("refuses a well-signed demo session called directly, and the plan stays Freemium", async () => {
    const { token, workspaceId } = await r.signUp();
    const session = r.signDemoSession(workspaceId, 3);
    const res = await r.call(r.confirmDemo, "/x", { method: "POST", token, params: { id: session } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ detail: demoRefusal, code: "demo_disabled" });
    const sync = await r.call(r.syncSession, "/x", { method: "POST", token, params: { id: session } });
    expect(sync.status).toBe(404);
    const mine = await r.call(r.mySubscription, "/api/subscriptions/my-subscription", { token });
    expect(mine.json.plan?.code ?? "freemium").toBe("freemium");
  });

  it("still lets a user go back to Freemium", async () => {
    const { token } = await r.signUp();
    const res = await r.call(r.subscribe, "/api/subscriptions/subscribe", { token, body: { plan_id: "freemium" } });
    expect(res.status).toBe(200);
    expect(res.json.subscription.plan.code).toBe("freemium");
  });
});
