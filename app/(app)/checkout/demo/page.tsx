import type { Metadata } from "next";
import { redirectToLogin } from "@/lib/auth/redirect-to-login";
import { DemoCheckoutView } from "@/components/billing/demo-checkout-view";
import { getPageUser } from "@/lib/auth/get-page-user";
import { getDemoCheckout } from "@/lib/billing/demo/get-demo-checkout";

export const metadata: Metadata = { title: "Paiement – mode démonstration", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DemoCheckoutPage({ searchParams }: Props) {
  const raw = (await searchParams).session_id;
  const sessionId = typeof raw === "string" ? raw : "";
  const user = await getPageUser();
  if (!user) return redirectToLogin(`/checkout/demo?session_id=${encodeURIComponent(sessionId)}`);
  const checkout = await getDemoCheckout(user.workspaceId, sessionId);
  return (
    <DemoCheckoutView
      sessionId={sessionId}
      state={checkout.state}
      plan={"plan" in checkout ? (checkout.plan ?? null) : null}
    />
  );
}
