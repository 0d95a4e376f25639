"use client";

import { useState } from "react";
import { useHealthSummary } from "@/client/hooks/use-data-health";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatCredits } from "@/components/access/labels";
import type { THealthState } from "@/lib/health/schemas";
import { HealthUrlList } from "./health-url-list";

const seconds = (ms: number | null) =>
  ms === null ? "—" : `${new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }).format(ms / 1000)} s`;

/** 'Santé des données': the catalogue's URLs by state, the freshness figure, the shops, and the list to fix. */
export function HealthView() {
  const { data, error, isLoading } = useHealthSummary();
  const [state, setState] = useState<THealthState | "">("");
  const [shop, setShop] = useState("");
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">Santé des données</h1>
        <p className="mt-1 text-sm text-zinc-500">
          L&apos;état de chaque URL suivie, la fraîcheur des relevés et les boutiques qui posent problème.
        </p>
      </div>
      {isLoading && !data ? (
        <div role="status" aria-label="Chargement de la santé des données">
          <Skeleton className="h-40 w-full" />
        </div>
      ) : error && !data ? (
        <Alert tone="error">{error.message}</Alert>
      ) : data ? (
        <div className="space-y-6">
          <p className="text-lg font-semibold text-zinc-900" data-testid="freshness">
            {data.freshness.label}
          </p>
          <ul aria-label="URLs par état" className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
            {data.states.map((s) => (
              <li key={s.state}>
                <button
                  type="button"
                  aria-pressed={state === s.state}
                  onClick={() => setState(state === s.state ? "" : s.state)}
                  className={`w-full rounded-lg border px-3 py-2 text-left transition-colors ${
                    state === s.state ? "border-brand-600 bg-brand-50" : "border-zinc-200 bg-white hover:bg-zinc-50"
                  }`}
                >
                  <span className="block text-xl font-semibold text-zinc-900">{s.count}</span>
                  <span className="block text-sm text-zinc-600">{s.label}</span>
                </button>
              </li>
            ))}
          </ul>
          <HealthUrlList
            state={state}
            shop={shop}
            shops={data.shops.map((s) => s.shop)}
            onStateChange={setState}
            onShopChange={setShop}
          />
          <Card>
            <CardHeader title="Par boutique" description="Relevés des 7 derniers jours ; crédits du mois en cours." />
            <CardBody>
              {data.shops.length === 0 ? (
                <p className="text-sm text-zinc-500">Aucune boutique suivie pour l&apos;instant.</p>
              ) : (
                <div className="overflow-x-auto">
                  <Table>
                    <THead>
                      <Tr>
                        <Th>Boutique</Th>
                        <Th numeric>URLs</Th>
                        <Th numeric>Réussite</Th>
                        <Th numeric>Temps médian</Th>
                        <Th numeric>Crédits du mois</Th>
                      </Tr>
                    </THead>
                    <TBody>
                      {data.shops.map((s) => (
                        <Tr key={s.shop}>
                          <Td className="font-medium whitespace-nowrap">{s.shop}</Td>
                          <Td numeric>{s.urls}</Td>
                          <Td numeric>{s.success_rate === null ? "—" : `${s.success_rate} %`}</Td>
                          <Td numeric>{seconds(s.median_ms)}</Td>
                          <Td numeric>{formatCredits(s.credits)}</Td>
                        </Tr>
                      ))}
                    </TBody>
                  </Table>
                </div>
              )}
            </CardBody>
          </Card>
        </div>
      ) : null}
    </div>
  );
}
