import { sql } from "drizzle-orm";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { plans } from "./schema";

export type TPlanSeed = typeof plans.$inferInsert;

export const PLAN_SEEDS: TPlanSeed[] = [
  {
    code: "freemium",
    name: "Freemium",
    description: "Pour découvrir la veille tarifaire : quelques produits suivis chaque jour.",
    type: "freemium",
    priceHtCents: 0,
    maxProducts: 5,
    maxUrlsPerProduct: 3,
    historyRetentionDays: 30,
    maxMembers: 1,
    auditRetentionDays: 30,
    maxEvidenceCaptures: 10,
    hasAutomation: false,
    hasEmailAlerts: false,
    sortOrder: 1,
  },
  {
    code: "professionnel",
    name: "Professionnel",
    description: "Pour les équipes marketing et commerciales : suivi horaire et alertes par email.",
    type: "paid",
    priceHtCents: 4900,
    maxProducts: 50,
    maxUrlsPerProduct: 10,
    historyRetentionDays: 90,
    maxMembers: 3,
    auditRetentionDays: 365,
    maxEvidenceCaptures: 200,
    hasAutomation: true,
    hasEmailAlerts: true,
    sortOrder: 2,
  },
  {
    code: "entreprise",
    name: "Entreprise",
    description: "Pour les fabricants et distributeurs : produits et URLs illimités, un an d'historique.",
    type: "paid",
    priceHtCents: 19900,
    maxProducts: null,
    maxUrlsPerProduct: null,
    historyRetentionDays: 365,
    maxMembers: null,
    auditRetentionDays: 1095,
    maxEvidenceCaptures: 2000,
    hasAutomation: true,
    hasEmailAlerts: true,
    sortOrder: 3,
  },
];

/** Idempotent: safe to re-run; keeps a Stripe price id set by configuration when the seed has none. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function seedPlans(db: PostgresJsDatabase<any>, stripePrices: Record<string, string | undefined> = {}) {
  for (const seed of PLAN_SEEDS) {
    const stripePriceId = stripePrices[seed.code] ?? null;
    await db
      .insert(plans)
      .values({ ...seed, stripePriceId })
      .onConflictDoUpdate({
        target: plans.code,
        set: {
          name: seed.name,
          description: seed.description,
          type: seed.type,
          priceHtCents: seed.priceHtCents,
          maxProducts: seed.maxProducts ?? null,
          maxUrlsPerProduct: seed.maxUrlsPerProduct ?? null,
          historyRetentionDays: seed.historyRetentionDays ?? null,
          maxMembers: seed.maxMembers ?? null,
          auditRetentionDays: seed.auditRetentionDays ?? 30,
          maxEvidenceCaptures: seed.maxEvidenceCaptures ?? null,
          hasAutomation: seed.hasAutomation ?? false,
          hasEmailAlerts: seed.hasEmailAlerts ?? false,
          sortOrder: seed.sortOrder ?? 0,
          stripePriceId: stripePriceId ?? sql`${plans.stripePriceId}`,
        },
      });
  }
}
