import type { Metadata } from "next";
import { Suspense } from "react";
import { PaymentSuccessView } from "@/components/billing/payment-success-view";

export const metadata: Metadata = { title: "Paiement" };

export default function PaymentSuccessPage() {
  return (
    <Suspense>
      <PaymentSuccessView />
    </Suspense>
  );
}
