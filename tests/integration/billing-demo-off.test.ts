import { afterAll, describe, expect, it, vi } from "vitest";

// Outside production, no Stripe keys and no BILLING_DEMO: no paid plan for free, whichever route is called.
delete process.env.BILLING_DEMO;
delete process.env.STRIPE_SECRET_KEY;
vi.resetModules();
afterAll(() => {
  process.env.BILLING_DEMO = "1";
});

const { call, signUp } = await import("../helpers/api");
const { POST: createCheckout } = await import("@/app/api/payments/create-checkout-session/route");
const { POST: confirmDemo } = await import("@/app/api/payments/demo-checkout/[id]/confirm/route");
const { POST: syncSession } = await import("@/app/api/payments/checkout-sessions/[id]/sync/route");
const { GET: paymentConfig } = await import("@/app/api/payments/config/route");
const { POST: subscribe } = await import("@/app/api/subscriptions/subscribe/route");
const { GET: mySubscription } = await import("@/app/api/subscriptions/my-subscription/route");
const { signDemoSession } = await import("@/lib/billing/demo/sign-demo-session");

describe("no Stripe keys and no BILLING_DEMO=1", () => {
  it("says that online payment is unavailable", async () => {
    const res = await call(paymentConfig, "/api/payments/config");
    expect(res.json).toEqual({
      mode: "unavailable",
      publishable_key: null,
      unavailable_message: "Le paiement en ligne est momentanément indisponible.",
    });
  });

  it("answers 503 to a paid checkout, directly or through subscribe", async () => {
    const { token } = await signUp();
    for (const [handler, path] of [
      [createCheckout, "/api/payments/create-checkout-session"],
      [subscribe, "/api/subscriptions/subscribe"],
    ] as const) {
      const res = await call(handler, path, { token, body: { plan_id: "entreprise" } });
      expect(res.status).toBe(503);
      expect(res.json.code).toBe("payments_unavailable");
    }
  });

  it("refuses a well-signed demo session called directly, and the plan stays Freemium", async () => {
    const { token, userId } = await signUp();
    const session = signDemoSession(userId, 3);
    const res = await call(confirmDemo, "/x", { method: "POST", token, params: { id: session } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      detail: "Le mode démonstration est désactivé sur ce serveur (BILLING_DEMO=1 pour l'activer).",
      code: "demo_disabled",
    });
    const sync = await call(syncSession, "/x", { method: "POST", token, params: { id: session } });
    expect(sync.status).toBe(404);
    const mine = await call(mySubscription, "/api/subscriptions/my-subscription", { token });
    expect(mine.json.plan?.code ?? "freemium").toBe("freemium");
  });
});
