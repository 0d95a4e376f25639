import type { Metadata } from "next";
import { redirectToLogin } from "@/lib/auth/redirect-to-login";
import { getServerSession } from "next-auth";
import { DemoCheckoutView } from "@/components/billing/demo-checkout-view";
import { authOptions } from "@/lib/auth/auth-options";
import { getDemoCheckout } from "@/lib/billing/demo/get-demo-checkout";

export const metadata: Metadata = { title: "Paiement – mode démonstration", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DemoCheckoutPage({ searchParams }: Props) {
  const raw = (await searchParams).session_id;
  const sessionId = typeof raw === "string" ? raw : "";
  const session = await getServerSession(authOptions);
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId) return redirectToLogin(`/checkout/demo?session_id=${encodeURIComponent(sessionId)}`);
  const checkout = await getDemoCheckout(userId, sessionId);
  return (
    <DemoCheckoutView
      sessionId={sessionId}
      state={checkout.state}
      plan={"plan" in checkout ? (checkout.plan ?? null) : null}
    />
  );
}
