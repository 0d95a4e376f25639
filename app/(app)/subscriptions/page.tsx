import type { Metadata } from "next";
import { Suspense } from "react";
import { SubscriptionsView } from "@/components/billing/subscriptions-view";
import { getBillingConfig } from "@/lib/billing/get-billing-config";

export const metadata: Metadata = { title: "Plans d'abonnement" };
// the payment mode and publishable key come from the runtime environment, not the build
export const dynamic = "force-dynamic";

export default function SubscriptionsPage() {
  return (
    <Suspense>
      <SubscriptionsView config={getBillingConfig()} />
    </Suspense>
  );
}
