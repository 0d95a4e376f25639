import type { Metadata } from "next";
import { Suspense } from "react";
import { UnsubscribeView } from "@/components/alerts/unsubscribe-view";
import { LoadingBlock } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Désabonnement des alertes", robots: { index: false } };

// The page behind the unsubscribe links of alert e-mails: it asks for a click before changing anything,
// so mail scanners that open every link do not unsubscribe anyone.
export default function UnsubscribePage() {
  return (
    <div className="relative isolate flex justify-center px-4 py-12 sm:py-20">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-brand-50 to-transparent"
      />
      <div className="w-full max-w-md">
        <Suspense fallback={<LoadingBlock />}>
          <UnsubscribeView />
        </Suspense>
      </div>
    </div>
  );
}
