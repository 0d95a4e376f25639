import { describe, expect, it } from "vitest";
import { bare } from "./bare-server";
import { registerBare } from "./bare-session";

async function bearer(): Promise<string> {
  const user = await registerBare("paiement");
  const res = await fetch(bare("/api/auth/login"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(user),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe("background jobs endpoint on the bare server (no Inngest configured)", () => {
  it("runs nothing for an unsigned anonymous call, whatever the method", async () => {
    for (const method of ["GET", "PUT", "POST"]) {
      const res = await fetch(bare("/api/inngest?fnId=veilleprix-purge-history&stepId=step"), {
        method,
        headers: method === "GET" ? {} : { "content-type": "application/json" },
        body: method === "GET" ? undefined : JSON.stringify({ event: { name: "inngest/scheduled.timer" }, steps: {} }),
      });
      expect([401, 404]).toContain(res.status);
    }
  });
});

describe("payments on the bare server (no Stripe keys, no BILLING_DEMO)", () => {
  it("says that online payment is unavailable", async () => {
    const res = await fetch(bare("/api/payments/config"));
    expect(await res.json()).toMatchObject({ mode: "unavailable", publishable_key: null });
  });

  it("refuses a paid checkout and the demo confirmation called directly", async () => {
    const token = await bearer();
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const checkout = await fetch(bare("/api/payments/create-checkout-session"), {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ plan_id: 3 }),
    });
    expect(checkout.status).toBe(503);
    const confirm = await fetch(bare("/api/payments/demo-checkout/demo_3_9999999999_00_00/confirm"), {
      method: "POST",
      headers: auth,
    });
    expect(confirm.status).toBe(403);
    const mine = await fetch(bare("/api/subscriptions/my-subscription"), { headers: auth });
    const body = (await mine.json()) as { plan?: { code?: string } | null };
    expect(body.plan?.code ?? "freemium").toBe("freemium");
  });
});
