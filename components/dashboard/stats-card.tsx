"use client";

import { useUserStats } from "@/client/hooks/use-user-stats";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export function StatsCard() {
  const { data, isLoading: loading } = useUserStats();
  const items = [
    { label: "Produits suivis", value: data?.products ?? 0 },
    { label: "URLs actives", value: data?.active_urls ?? 0 },
  ];

  return (
    <Card>
      <CardHeader title="Statistiques" />
      <CardBody>
        <dl className="grid grid-cols-2 gap-4" aria-busy={loading || undefined}>
          {items.map((it) => (
            <div key={it.label} className="rounded-lg bg-zinc-50 px-4 py-3">
              <dt className="text-xs font-medium text-zinc-500">{it.label}</dt>
              <dd className="num mt-1 text-2xl font-semibold text-zinc-900">
                {loading && !data ? <Skeleton className="h-8 w-10" /> : it.value}
              </dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}
