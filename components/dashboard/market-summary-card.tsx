"use client";

import Link from "next/link";
import { MARKET_SUMMARY_QUERY } from "@/client/api-keys";
import { queryString, useMarketOverview } from "@/client/hooks/use-market";
import { MarketSummary } from "@/components/market/market-summary";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** The market view's headline numbers on the dashboard, with the way to the full screen. */
export function MarketSummaryCard() {
  const { data, error } = useMarketOverview(queryString(MARKET_SUMMARY_QUERY));
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
      <CardBody>
        {error ? (
          <p className="text-sm text-red-700">{error.message}</p>
        ) : !data ? (
          <div role="status" aria-label="Chargement">
            <Skeleton className="h-24 w-full" />
          </div>
        ) : data.summary.with_reference_price === 0 ? (
          <p className="text-sm text-zinc-600">
            Renseignez « mon prix » sur vos produits pour voir où vous êtes moins cher ou plus cher que le marché.
          </p>
        ) : (
          <MarketSummary summary={data.summary} compact />
        )}
      </CardBody>
    </Card>
  );
}
