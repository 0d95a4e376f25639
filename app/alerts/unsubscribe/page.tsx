import type { Metadata } from "next";
import { UnsubscribeView } from "@/components/alerts/unsubscribe-view";
import { UnsubscribeFrame } from "@/components/unsubscribe/unsubscribe-frame";

export const metadata: Metadata = { title: "Désabonnement des alertes", robots: { index: false } };

// The page behind the unsubscribe links of alert e-mails: it asks for a click before changing anything,
// so mail scanners that open every link do not unsubscribe anyone.
export default function UnsubscribePage() {
  return (
    <UnsubscribeFrame
      title="Désabonnement des alertes"
      description="Gérez les emails d'alerte de prix VeillePrix."
      back={{
        text: "Vous pourrez réactiver vos alertes depuis vos produits.",
        href: "/dashboard#alertes",
        label: "Mes préférences d'alerte",
      }}
    >
      <UnsubscribeView />
    </UnsubscribeFrame>
  );
}
