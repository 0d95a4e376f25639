import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { productUrls, products, subscriptions } from "@/db/schema";
import { POST as createCheckout } from "@/app/api/payments/create-checkout-session/route";
import { POST as confirmDemo } from "@/app/api/payments/demo-checkout/[id]/confirm/route";
import { POST as subscribe } from "@/app/api/subscriptions/subscribe/route";
import { GET as mySubscription } from "@/app/api/subscriptions/my-subscription/route";
import { applyPlanLimits } from "@/lib/billing/plans/apply-plan-limits";
import { call, signUp } from "../helpers/api";

// Demo mode (no Stripe keys): plan changes go through the same apply-plan-limits as Stripe's.

async function buy(token: string, plan: string) {
  const checkout = await call(createCheckout, "/x", { token, body: { plan_id: plan } });
  const res = await call(confirmDemo, "/x", { method: "POST", token, params: { id: checkout.json.session_id } });
  expect(res.status, res.text).toBe(200);
}

/** `count` products created a minute apart, each with `urls` URLs created a second apart. */
async function seedCatalogue(workspaceId: string, count: number, urls: number) {
  const db = await getDb();
  const base = Date.now() - 86_400_000;
  for (let p = 0; p < count; p++) {
    const [product] = await db
      .insert(products)
      .values({ workspaceId, name: `Produit ${p + 1}`, createdAt: new Date(base + p * 60_000) })
      .returning();
    for (let u = 0; u < urls; u++) {
      await db.insert(productUrls).values({
        workspaceId,
        productId: product!.id,
        name: `Source ${u + 1}`,
        url: `https://marchand-${u + 1}.example/p${p + 1}`,
        createdAt: new Date(base + p * 60_000 + u * 1000),
      });
    }
  }
}

async function urlStates(workspaceId: string) {
  const db = await getDb();
  const rows = await db
    .select({
      product: products.name,
      source: productUrls.name,
      paused: productUrls.paused,
      reason: productUrls.pausedReason,
    })
    .from(productUrls)
    .innerJoin(products, eq(products.id, productUrls.productId))
    .where(eq(productUrls.workspaceId, workspaceId))
    .orderBy(asc(productUrls.createdAt));
  return rows;
}

describe("plan limits on plan changes (never deleting data)", () => {
  it("a downgrade pauses the newest products and URLs beyond the limits; an upgrade resumes them", async () => {
    const { token, workspaceId } = await signUp();
    await buy(token, "professionnel");
    await seedCatalogue(workspaceId, 7, 4);
    expect((await urlStates(workspaceId)).every((r) => !r.paused)).toBe(true);

    // Freemium: 5 products max, 3 URLs per product, once the paid month is over
    const down = await call(subscribe, "/api/subscriptions/subscribe", { token, body: { plan_id: "freemium" } });
    expect(down.json).toMatchObject({ status: "scheduled", subscription: { plan: { code: "professionnel" } } });
    expect((await urlStates(workspaceId)).every((r) => !r.paused)).toBe(true);
    const db = await getDb();
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.workspaceId, workspaceId));
    expect((await call(mySubscription, "/x", { token })).json.plan.code).toBe("freemium");
    const after = await urlStates(workspaceId);
    expect(after).toHaveLength(28);
    for (const row of after) {
      const p = Number(row.product.split(" ")[1]);
      const u = Number(row.source.split(" ")[1]);
      if (p > 5) {
        expect(row.paused, `${row.product}/${row.source}`).toBe(true);
        expect(row.reason).toBe(
          "Limite de l'abonnement Freemium atteinte (5 produits max) : suivi en pause, produit en lecture " +
            "seule, données conservées. Passez à un abonnement supérieur pour le réactiver.",
        );
      } else if (u > 3) {
        expect(row.paused, `${row.product}/${row.source}`).toBe(true);
        expect(row.reason).toBe(
          "Limite de l'abonnement Freemium atteinte (3 URLs par produit) : suivi en pause, données conservées. " +
            "Passez à un abonnement supérieur pour la réactiver.",
        );
      } else {
        expect(row.paused, `${row.product}/${row.source}`).toBe(false);
        expect(row.reason).toBeNull();
      }
    }
    expect(await db.select().from(products).where(eq(products.workspaceId, workspaceId))).toHaveLength(7);

    await buy(token, "entreprise");
    expect((await urlStates(workspaceId)).filter((r) => r.paused)).toEqual([]);
  });

  it("leaves a pause made for another reason alone, and is idempotent", async () => {
    const { token, workspaceId } = await signUp();
    await seedCatalogue(workspaceId, 1, 4);
    const db = await getDb();
    const [first] = await db
      .select()
      .from(productUrls)
      .where(eq(productUrls.workspaceId, workspaceId))
      .orderBy(asc(productUrls.createdAt))
      .limit(1);
    await db
      .update(productUrls)
      .set({ paused: true, pausedReason: "Mise en pause par l'utilisateur" })
      .where(eq(productUrls.id, first!.id));

    const once = await applyPlanLimits(workspaceId);
    expect(once).toEqual({ plan: "freemium", paused: 1, resumed: 0 });
    expect(await applyPlanLimits(workspaceId)).toEqual({ plan: "freemium", paused: 0, resumed: 0 });

    await buy(token, "professionnel");
    const states = await urlStates(workspaceId);
    expect(states.map((s) => [s.source, s.paused, s.reason])).toEqual([
      ["Source 1", true, "Mise en pause par l'utilisateur"],
      ["Source 2", false, null],
      ["Source 3", false, null],
      ["Source 4", false, null],
    ]);
  });

  it("touches only the user's own URLs", async () => {
    const a = await signUp();
    const b = await signUp();
    await seedCatalogue(a.workspaceId, 6, 1);
    await seedCatalogue(b.workspaceId, 6, 1);
    await applyPlanLimits(a.workspaceId);
    expect((await urlStates(a.workspaceId)).filter((r) => r.paused)).toHaveLength(1);
    expect((await urlStates(b.workspaceId)).filter((r) => r.paused)).toHaveLength(0);
  });
});
