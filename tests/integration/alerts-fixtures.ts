// Test data for the alerts suites: rows inserted directly, as the scrape pipeline would write them.
import { and, eq, ne } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db";
import { alertRules, emailOutbox, plans, priceHistory, productUrls, products, subscriptions } from "@/db/schema";
import { signUp } from "../helpers/api";
import type { TMerchantServer } from "../fixtures/merchant-server";

export async function alertsUser(plan: "freemium" | "professionnel" = "professionnel") {
  const user = await signUp();
  await setPlan(user.workspaceId, plan);
  return user;
}

/** The mail stored for `email`, but the verification link every registration sends. */
export async function mailsTo(email: string) {
  const db = await getDb();
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), ne(emailOutbox.kind, "email_verification")));
}

export async function setPlan(workspaceId: string, plan: "freemium" | "professionnel") {
  const db = await getDb();
  const [row] = await db.select({ id: plans.id }).from(plans).where(eq(plans.code, plan));
  await db
    .insert(subscriptions)
    .values({ workspaceId, planId: row!.id, status: "active", provider: "demo" })
    .onConflictDoUpdate({ target: subscriptions.workspaceId, set: { planId: row!.id, status: "active" } });
}

export async function makeProduct(
  workspaceId: string,
  opts: { name?: string; referencePrice?: string | null; urls?: number } = {},
) {
  const db = await getDb();
  const [product] = await db
    .insert(products)
    .values({ workspaceId, name: opts.name ?? "Casque Sony WH-1000XM5", referencePrice: opts.referencePrice ?? null })
    .returning();
  const urlIds: string[] = [];
  for (let i = 0; i < (opts.urls ?? 1); i += 1) {
    const [url] = await db
      .insert(productUrls)
      .values({
        workspaceId,
        productId: product!.id,
        name: `Marchand ${i + 1}`,
        url: `https://marchand-${i + 1}.example/produit`,
      })
      .returning();
    urlIds.push(url!.id);
  }
  return { productId: product!.id, urlIds };
}

// the files of a worker thread share this module (vitest.config.ts): each file's clock starts at the same time
let clock = { file: "", at: 0 };

/** Writes a price entry one minute after the previous one (any test of the file), as the pipeline would. */
export async function addPrice(urlId: string, price: string | null, available = true) {
  const db = await getDb();
  const file = expect.getState().testPath ?? "";
  if (clock.file !== file) clock = { file, at: Date.UTC(2026, 0, 1, 8, 0, 0) };
  clock.at += 60_000;
  const [row] = await db
    .insert(priceHistory)
    .values({ urlId, price, available, currency: price === null ? null : "EUR", createdAt: new Date(clock.at) })
    .returning({ id: priceHistory.id });
  return row!.id;
}

export async function addRule(
  workspaceId: string,
  productId: string,
  values: Partial<typeof alertRules.$inferInsert> & { kind: (typeof alertRules.$inferInsert)["kind"] },
) {
  const db = await getDb();
  const [rule] = await db
    .insert(alertRules)
    .values({ workspaceId, productId, cooldownMinutes: 0, ...values })
    .returning();
  return rule!;
}

/** A Professionnel user's product whose URL is a page of the local merchant site (not due before tomorrow). */
export async function watchedProduct(merchant: TMerchantServer, pageId: string) {
  const user = await alertsUser();
  const { productId, urlIds } = await makeProduct(user.workspaceId);
  const db = await getDb();
  const [url] = await db
    .update(productUrls)
    .set({ url: `${merchant.url}/product/${pageId}`, nextCheckAt: new Date(Date.now() + 86_400_000) })
    .where(eq(productUrls.id, urlIds[0]!))
    .returning();
  return { ...user, productId, url: url! };
}
