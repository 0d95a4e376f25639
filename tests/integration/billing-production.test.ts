import { afterAll, describe, expect, it, vi } from "vitest";

// Production without Stripe keys: no online payment, and the demo checkout is refused.
process.env.APP_ENV = "production";
delete process.env.STRIPE_SECRET_KEY;
vi.resetModules();
afterAll(() => {
  delete process.env.APP_ENV;
});

const { call, signUp } = await import("../helpers/api");
const { POST: createCheckout } = await import("@/app/api/payments/create-checkout-session/route");
const { POST: confirmDemo } = await import("@/app/api/payments/demo-checkout/[id]/confirm/route");
const { GET: paymentConfig } = await import("@/app/api/payments/config/route");
const { POST: subscribe } = await import("@/app/api/subscriptions/subscribe/route");
const { signDemoSession } = await import("@/lib/billing/demo/sign-demo-session");

describe("production without Stripe keys", () => {
  it("tells the browser that online payment is unavailable", async () => {
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
      const res = await call(handler, path, { token, body: { plan_id: "professionnel" } });
      expect(res.status).toBe(503);
      expect(res.json).toEqual({
        detail: "Le paiement en ligne est momentanément indisponible.",
        code: "payments_unavailable",
      });
    }
  });

  it("refuses the demo checkout with 403, even with a well-signed session", async () => {
    const { token, userId } = await signUp();
    const res = await call(confirmDemo, "/x", { method: "POST", token, params: { id: signDemoSession(userId, 2) } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ detail: "Le mode démonstration est désactivé en production.", code: "demo_disabled" });
  });

  it("still lets a user go back to Freemium", async () => {
    const { token } = await signUp();
    const res = await call(subscribe, "/api/subscriptions/subscribe", { token, body: { plan_id: "freemium" } });
    expect(res.status).toBe(200);
    expect(res.json.subscription.plan.code).toBe("freemium");
  });
});
