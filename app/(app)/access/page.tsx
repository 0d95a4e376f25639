import type { Metadata } from "next";
import { SWRConfig } from "swr";
import { API_KEYS } from "@/client/api-keys";
import { AccessView } from "@/components/access/access-view";
import { getDb } from "@/db";
import { getPageUser } from "@/lib/auth/get-page-user";
import { redirectToLogin } from "@/lib/auth/redirect-to-login";
import { getAccessSettings } from "@/lib/fetching/access-settings";

export const metadata: Metadata = { title: "Accès aux sites" };

export default async function AccessPage() {
  const user = await getPageUser();
  if (!user) return redirectToLogin("/access");
  const settings = await getAccessSettings(await getDb(), user.workspaceId).catch(() => undefined);
  const fallback = settings ? { [API_KEYS.access]: JSON.parse(JSON.stringify(settings)) } : {};
  return (
    <SWRConfig value={{ fallback }}>
      <AccessView />
    </SWRConfig>
  );
}
