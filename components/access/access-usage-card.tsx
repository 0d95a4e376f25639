"use client";

import Link from "next/link";
import { useAccessSettings } from "@/client/hooks/use-access-settings";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCredits, PROVIDER_LABELS } from "./labels";

/** The month's paid fetching against the workspace's cap (dashboard and 'Accès aux sites'). */
export function AccessUsageCard({ link = true }: { link?: boolean }) {
  const { data, isLoading } = useAccessSettings();
  const used = data?.usage.credits ?? 0;
  const cap = data?.monthlyCap ?? 0;
  const ratio = cap > 0 ? Math.min(1, used / cap) : used > 0 ? 1 : 0;
  return (
    <Card>
      <CardHeader title="Accès aux sites" description="Relevés payants du mois (API de scraping)" />
      <CardBody className="space-y-3">
        {isLoading && !data ? (
          <Skeleton className="h-12 w-full" />
        ) : data ? (
          <>
            <p className="text-sm text-zinc-700">
              <span className="num text-2xl font-semibold text-zinc-900">{formatCredits(used)}</span> /{" "}
              <span className="num">{formatCredits(cap)}</span> crédits ce mois
              {data.usage.requests > 0 ? ` (${data.usage.requests} requêtes)` : ""}
            </p>
            <div
              role="progressbar"
              aria-label="Part du plafond mensuel utilisée"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(ratio * 100)}
              className="h-2 overflow-hidden rounded-full bg-zinc-100"
            >
              <div
                className={
                  ratio >= 1 ? "h-full bg-red-600" : ratio >= 0.8 ? "h-full bg-amber-500" : "h-full bg-brand-600"
                }
                style={{ width: `${ratio * 100}%` }}
              />
            </div>
            {ratio >= 1 && cap > 0 ? (
              <p className="text-sm font-medium text-red-700">Plafond mensuel du fournisseur atteint</p>
            ) : null}
            <p className="text-xs text-zinc-500">
              {data.provider ? `Fournisseur : ${PROVIDER_LABELS[data.provider]}` : "Aucun fournisseur configuré"}
              {data.proxies.length > 0
                ? ` · ${data.proxies.length} ${data.proxies.length > 1 ? "proxies" : "proxy"}`
                : ""}
            </p>
            {link ? (
              <Link href="/access" className="text-sm font-medium text-brand-700 underline">
                Gérer l&apos;accès aux sites
              </Link>
            ) : null}
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}
