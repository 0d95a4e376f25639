import type { Metadata } from "next";
import { ReportUnsubscribeView } from "@/components/reports/report-unsubscribe-view";
import { UnsubscribeFrame } from "@/components/unsubscribe/unsubscribe-frame";

export const metadata: Metadata = { title: "Désabonnement du rapport", robots: { index: false } };

// The page behind the unsubscribe link of report e-mails: a click confirms (mail scanners open every link).
export default function ReportUnsubscribePage() {
  return (
    <UnsubscribeFrame
      title="Désabonnement du rapport"
      description="Le rapport programmé de votre marché, envoyé par email."
      back={{
        text: "Vous pourrez le réactiver depuis votre tableau de bord.",
        href: "/dashboard#rapports",
        label: "Mon tableau de bord",
      }}
    >
      <ReportUnsubscribeView />
    </UnsubscribeFrame>
  );
}
