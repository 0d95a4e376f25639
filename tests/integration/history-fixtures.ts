import type { tallyLive } from "@/lib/insights/get-merchants";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { plans, priceHistory, products, productUrls, subscriptions } from "@/db/schema";

// Rows written straight into the database: the history features only read them.
export async function seedProduct(
  workspaceId: string,
  name = "Cafetière Expresso",
  referencePrice: string | null = null,
) {
  const db = await getDb();
  const [product] = await db.insert(products).values({ workspaceId, name, referencePrice }).returning();
  return product!;
}

export async function seedUrl(
  workspaceId: string,
  productId: string,
  name: string,
  url = `https://${name.toLowerCase().replace(/\W/g, "")}.example/p/1`,
) {
  const db = await getDb();
  const [row] = await db.insert(productUrls).values({ workspaceId, productId, name, url }).returning();
  return row!;
}

type Reading = {
  price: string | null;
  available?: boolean;
  at: Date;
  currency?: string;
  shipping?: string | null;
  offers?: unknown[] | null;
};

export async function seedHistory(urlId: string, readings: Reading[]) {
  const db = await getDb();
  if (readings.length === 0) return;
  for (let i = 0; i < readings.length; i += 1000) {
    await db.insert(priceHistory).values(
      readings.slice(i, i + 1000).map((r) => ({
        urlId,
        price: r.price,
        currency: r.currency ?? "EUR",
        available: r.available ?? r.price !== null,
        shipping: r.shipping ?? null,
        offers: r.offers ?? null,
        createdAt: r.at,
      })),
    );
  }
}

export const daysAgo = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);

export async function subscribe(workspaceId: string, planCode: "professionnel" | "entreprise") {
  const db = await getDb();
  const [plan] = await db.select().from(plans).where(eq(plans.code, planCode));
  await db
    .insert(subscriptions)
    .values({ workspaceId, planId: plan!.id, status: "active", provider: "demo" })
    .onConflictDoUpdate({ target: subscriptions.workspaceId, set: { planId: plan!.id, status: "active" } });
}

/** The tallies as getMerchants reads them: numbers, one sorted list of names per merchant, in merchant order. */
export const normalTallies = (tallies: Awaited<ReturnType<typeof tallyLive>>) =>
  tallies
    .map((t) => ({
      ...Object.fromEntries(
        Object.entries(t).map(([k, v]) => [k, typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v]),
      ),
      names: [...new Set(t.names.flat())].sort(),
      gap_sum: Number(t.gap_sum ?? 0),
      my_sum: Number(t.my_sum ?? 0),
      key: `${t.domain} ${t.merchant}`,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
