import type { Metadata } from "next";
import { SWRConfig } from "swr";
import { API_KEYS } from "@/client/api-keys";
import { HealthView } from "@/components/health/health-view";
import { getDb } from "@/db";
import { getPageUser } from "@/lib/auth/get-page-user";
import { redirectToLogin } from "@/lib/auth/redirect-to-login";
import { getHealthSummary } from "@/lib/health/get-health-summary";

export const metadata: Metadata = { title: "Santé des données" };

export default async function DataHealthPage() {
  const user = await getPageUser();
  if (!user) return redirectToLogin("/data-health");
  const summary = await getHealthSummary(await getDb(), user.workspaceId).catch(() => undefined);
  const fallback = summary ? { [API_KEYS.dataHealth]: JSON.parse(JSON.stringify(summary)) } : {};
  return (
    <SWRConfig value={{ fallback }}>
      <HealthView />
    </SWRConfig>
  );
}
