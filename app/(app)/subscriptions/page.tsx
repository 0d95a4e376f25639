import type { Metadata } from "next";
import { Suspense } from "react";
import { SubscriptionsView } from "@/components/billing/subscriptions-view";
import { getBillingConfig } from "@/lib/billing/get-billing-config";
import { listPlans } from "@/lib/billing/plans/list-plans";

export const metadata: Metadata = { title: "Plans d'abonnement" };
// the payment mode and publishable key come from the runtime environment, not the build
export const dynamic = "force-dynamic";

export default async function SubscriptionsPage() {
  // the plans are in the first HTML; without the database the view loads them itself
  const plans = await listPlans().catch(() => undefined);
  return (
    <Suspense>
      <SubscriptionsView config={getBillingConfig()} initialPlans={plans} />
    </Suspense>
  );
}
