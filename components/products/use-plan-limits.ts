"use client";

import { usePlans } from "@/client/hooks/use-plans";
import { useSubscription } from "@/client/hooks/use-subscription";
import type { Plan } from "@/components/billing/types";
import type { PlanLimits } from "./types";

const toLimits = (plan: Plan): PlanLimits => ({
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
  const sub = useSubscription(enabled);
  const needFallback = enabled && !sub.isLoading && sub.data === null;
  const plans = usePlans(undefined, needFallback);
  let limits: PlanLimits | null = null;
  if (sub.data?.plan) limits = toLimits(sub.data.plan);
  else if (needFallback && Array.isArray(plans.data)) {
    const freemium = plans.data.find((p) => p.code === "freemium" || p.type === "freemium");
    if (freemium) limits = toLimits(freemium);
  }
  return { limits, error: sub.error };
}
