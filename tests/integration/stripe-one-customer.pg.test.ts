// One Stripe customer per workspace when two checkouts start at once. The race is forced
// (tests/helpers/forced-race.ts): the first request stops right after storing its new customer's id, the
// workspace row still locked (ensureStripeCustomer); the second, which read no customer id before, must wait on
// that lock and then take the stored id. Without the lock, it creates a customer of its own. PostgreSQL only
// (`.pg.test.ts`): PGlite has one connection.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billThroughFakeStripe } from "../helpers/fake-stripe";
import { forcedRace } from "../helpers/forced-race";

if (!process.env.DATABASE_URL) throw new Error("stripe-one-customer.pg.test.ts : PostgreSQL seulement");

const fake = await billThroughFakeStripe();

const { getDb } = await import("@/db");
const { workspaces } = await import("@/db/schema");
const { call, signUp } = await import("../helpers/api");
const { POST: createCheckout } = await import("@/app/api/payments/create-checkout-session/route");

const checkout = (token: string) =>
  call(createCheckout, "/api/payments/create-checkout-session", {
    token,
    body: {
      price_id: "price_pro_test",
      success_url: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/subscriptions",
    },
  });

describe("a workspace's Stripe customer under concurrent checkouts (forced race)", () => {
  it("two checkouts at once create one customer, and both sessions bill it", async () => {
    const { token, workspaceId, account } = await signUp();
    const [first, second] = await forcedRace({
      table: "workspaces",
      when: `new.id = '${workspaceId}' and new.stripe_customer_id is not null`,
      first: () => checkout(token),
      second: () => checkout(token),
      secondMust: "wait",
    });
    expect([first.value?.status, second.value?.status]).toEqual([200, 200]);
    const creations = fake.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/customers" && r.body.email === account.email,
    );
    expect(creations).toHaveLength(1);
    const customer = [...fake.state.customers.values()].find((c) => c.email === account.email)!;
    const sessions = [first, second].map((r) => fake.state.sessions.get(r.value?.json.session_id)?.customer);
    expect(sessions).toEqual([customer.id, customer.id]);
    const [workspace] = await (await getDb()).select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(workspace!.stripeCustomerId).toBe(customer.id);
  });
});
