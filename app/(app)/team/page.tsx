import type { Metadata } from "next";
import { SWRConfig } from "swr";
import { API_KEYS } from "@/client/api-keys";
import { TeamView } from "@/components/team/team-view";
import { getPageUser } from "@/lib/auth/get-page-user";
import { redirectToLogin } from "@/lib/auth/redirect-to-login";
import { listTeam } from "@/lib/team";

export const metadata: Metadata = { title: "Équipe" };

// The members are rendered on the server (same function as the API), then kept fresh by SWR.
export default async function TeamPage() {
  const user = await getPageUser();
  if (!user) return redirectToLogin("/team");
  const team = JSON.parse(JSON.stringify(await listTeam(user)));
  return (
    <SWRConfig value={{ fallback: { [API_KEYS.team]: team } }}>
      <TeamView />
    </SWRConfig>
  );
}
