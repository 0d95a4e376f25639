"use client";

import { useApi } from "@/lib/hooks/use-api";
import type { PlanLimits } from "./types";

type PlanJson = {
  code?: string;
  name: string;
  type?: string;
  limits: { max_products: number | null; max_urls_per_product: number | null; has_automation: boolean };
};

const toLimits = (plan: PlanJson): PlanLimits => ({
  planName: plan.name,
  maxProducts: plan.limits.max_products,
  maxUrlsPerProduct: plan.limits.max_urls_per_product,
  hasAutomation: plan.limits.has_automation,
});

/**
 * The limits of the signed-in user's plan, loaded only when `enabled` (SPEC.md §2: the subscription is fetched
 * only when authenticated). Without a subscription the server applies Freemium, so does this hook.
 */
export function usePlanLimits(enabled: boolean) {
  const sub = useApi<{ plan: PlanJson } | null>(
    enabled ? "/api/subscriptions/my-subscription" : null,
    "Erreur lors de la récupération de l'abonnement",
  );
  const needFallback = enabled && !sub.loading && sub.data === null;
  const plans = useApi<PlanJson[]>(needFallback ? "/api/subscriptions/plans" : null, "Erreur lors de la récupération des plans");
  let limits: PlanLimits | null = null;
  if (sub.data?.plan) limits = toLimits(sub.data.plan);
  else if (needFallback && Array.isArray(plans.data)) {
    const freemium = plans.data.find((p) => p.code === "freemium" || p.type === "freemium");
    if (freemium) limits = toLimits(freemium);
  }
  return { limits, error: sub.error };
}
