import type { Metadata } from "next";
import { redirectToLogin } from "@/lib/auth/redirect-to-login";
import { SWRConfig } from "swr";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { getPageUser } from "@/lib/auth/get-page-user";
import { loadDashboard } from "@/lib/dashboard/load-dashboard";

export const metadata: Metadata = { title: "Tableau de bord" };

// The cards' first data is rendered on the server (same functions as the API), then kept fresh by SWR; the market
// card's summary streams in after the page.
export default async function DashboardPage() {
  const user = await getPageUser();
  if (!user) return redirectToLogin("/dashboard");
  const { fallback, marketSummary } = await loadDashboard(user);
  return (
    <SWRConfig value={{ fallback }}>
      <DashboardView marketSummary={marketSummary} />
    </SWRConfig>
  );
}
