import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { InvitationView } from "@/components/team/invitation-view";

export const metadata: Metadata = { title: "Invitation", robots: { index: false } };

/** The link of an invitation e-mail lands here (its secret in the fragment, read in the browser only). */
export default function InvitationPage() {
  return (
    <AuthCard title="Rejoindre un espace VeillePrix">
      <InvitationView />
    </AuthCard>
  );
}
