"use client";

import Link from "next/link";
import { type ReactNode, Suspense, use } from "react";
import { MARKET_SUMMARY_QUERY } from "@/client/api-keys";
import { queryString, type TOverviewData, useMarketOverview } from "@/client/hooks/use-market";
import { MarketSummary } from "@/components/market/market-summary";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

function Frame({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardHeader
        title="Vue marché"
        actions={
          <Link href="/market" className={buttonClasses("ghost", "sm")}>
            Ouvrir
          </Link>
        }
      />
      <CardBody>{children}</CardBody>
    </Card>
  );
}

const loading = (
  <div role="status" aria-label="Chargement">
    <Skeleton className="h-24 w-full" />
  </div>
);

function Summary({ initial }: { initial?: Promise<TOverviewData | null> }) {
  const first = initial ? use(initial) : null;
  const { data, error } = useMarketOverview(queryString(MARKET_SUMMARY_QUERY), first ?? undefined);
  if (error) return <p className="text-sm text-red-700">{error.message}</p>;
  if (!data) return loading;
  if (data.summary.with_reference_price === 0)
    return (
      <p className="text-sm text-zinc-600">
        Renseignez « mon prix » sur vos produits pour voir où vous êtes moins cher ou plus cher que le marché.
      </p>
    );
  return <MarketSummary summary={data.summary} compact />;
}

/**
 * The market view's headline numbers on the dashboard, with the way to the full screen. `initial` is the
 * server's answer streamed after the page (it grows with the catalogue); without it, or null, the hook fetches.
 */
export function MarketSummaryCard({ initial }: { initial?: Promise<TOverviewData | null> }) {
  return (
    <Frame>
      <Suspense fallback={loading}>
        <Summary initial={initial} />
      </Suspense>
    </Frame>
  );
}
