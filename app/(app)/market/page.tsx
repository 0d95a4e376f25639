import type { Metadata } from "next";
import { redirectToLogin } from "@/lib/auth/redirect-to-login";
import { MarketView, type TMarketInitial } from "@/components/market/market-view";
import { getPageUser } from "@/lib/auth/get-page-user";
import { readChanges } from "@/lib/insights";
import { getMerchants } from "@/lib/insights/get-merchants";
import { getOverview } from "@/lib/insights/get-overview";
import { OVERVIEW_PAGE, type TBasis } from "@/lib/insights/schemas";

export const metadata: Metadata = { title: "Vue marché" };

/** A section's first answer, streamed to the browser; a failed load is left to the section's hook (null). */
function streamed<T>(section: string, load: Promise<T>): Promise<T | null> {
  return load.catch((error: unknown) => {
    console.error(`[market] premier rendu sans ${section}`, error);
    return null;
  });
}

// The first data is rendered on the server (same functions as the API), then kept fresh by SWR. The page answers
// with the positioning; the changes and the merchants, started with it, stream in when theirs arrive.
export default async function MarketPage({ searchParams }: { searchParams: Promise<{ basis?: string | string[] }> }) {
  const basis: TBasis = (await searchParams).basis === "total" ? "total" : "price";
  const user = await getPageUser();
  if (!user) return redirectToLogin(basis === "total" ? "/market?basis=total" : "/market");
  const merchants = streamed("marchands", getMerchants(user.workspaceId, { sort: "cheapest_rate", basis }));
  const changes = streamed(
    "changements",
    readChanges(user.workspaceId, { period: "day", kind: "all", limit: 50, basis }),
  );
  const overview = await getOverview(user.workspaceId, {
    position: "all",
    sort: "gap_to_cheapest",
    order: "desc",
    basis,
    limit: OVERVIEW_PAGE,
    offset: 0,
  });
  const initial: TMarketInitial = { overview, merchants, changes, basis };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">Vue marché</h1>
        <p className="mt-1 text-sm text-zinc-500">
          Où suis-je moins cher ou plus cher que le marché, et ce qui a bougé depuis hier.
        </p>
      </div>
      <MarketView initial={initial} />
    </div>
  );
}
