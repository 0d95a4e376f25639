import { PLAN_SEEDS } from "@/db/seed";
import { listPlans } from "@/lib/billing/plans/list-plans";
import { presentPlan, type TPlan } from "@/lib/billing/plans/present-plan";

/** A plan as the public pages show it; `id` is null when it comes from the seed fallback. */
export type TPublicPlan = Omit<TPlan, "id" | "stripe_price_id"> & { id: number | null };

const DB_TIMEOUT_MS = 8_000;

function seedPlans(): TPublicPlan[] {
  return PLAN_SEEDS.map((seed) => {
    const row = presentPlan({
      id: 0,
      code: seed.code,
      name: seed.name,
      description: seed.description ?? "",
      type: seed.type,
      priceHtCents: seed.priceHtCents,
      currency: seed.currency ?? "EUR",
      stripePriceId: null,
      maxProducts: seed.maxProducts ?? null,
      maxUrlsPerProduct: seed.maxUrlsPerProduct ?? null,
      historyRetentionDays: seed.historyRetentionDays ?? null,
      maxMembers: seed.maxMembers ?? null,
      auditRetentionDays: seed.auditRetentionDays ?? 30,
      maxEvidenceCaptures: seed.maxEvidenceCaptures ?? null,
      hasAutomation: seed.hasAutomation ?? false,
      hasEmailAlerts: seed.hasEmailAlerts ?? false,
      sortOrder: seed.sortOrder ?? 0,
      active: true,
      createdAt: new Date(0),
    });
    const { stripe_price_id: _omit, ...plan } = row;
    return { ...plan, id: null };
  });
}

/**
 * The plans of GET /api/subscriptions/plans for the public pages. Never throws: when the database cannot
 * answer in time (e.g. at build time without a reachable database) the seeded definitions are shown.
 */
export async function loadPublicPlans(): Promise<TPublicPlan[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("délai dépassé")), DB_TIMEOUT_MS);
    });
    const plans = await Promise.race([listPlans(), timeout]);
    if (plans.length === 0) return seedPlans();
    return plans.map(({ stripe_price_id: _omit, ...plan }) => plan);
  } catch (error) {
    console.warn("[marketing] plans indisponibles, offres par défaut affichées :", (error as Error).message);
    return seedPlans();
  } finally {
    clearTimeout(timer);
  }
}
