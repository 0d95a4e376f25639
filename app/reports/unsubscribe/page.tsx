import type { Metadata } from "next";
import { Suspense } from "react";
import { ReportUnsubscribeView } from "@/components/reports/report-unsubscribe-view";
import { LoadingBlock } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Désabonnement du rapport", robots: { index: false } };

// The page behind the unsubscribe link of report e-mails: a click confirms (mail scanners open every link).
export default function ReportUnsubscribePage() {
  return (
    <div className="relative isolate flex justify-center px-4 py-12 sm:py-20">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-brand-50 to-transparent"
      />
      <div className="w-full max-w-md">
        <Suspense fallback={<LoadingBlock />}>
          <ReportUnsubscribeView />
        </Suspense>
      </div>
    </div>
  );
}
