"use client";

import { useAccessSettings } from "@/client/hooks/use-access-settings";
import { useWorkspaceRole } from "@/client/use-current-user";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { AccessUsageCard } from "./access-usage-card";
import { ProviderForm } from "./provider-form";
import { ShopsTable } from "./shops-table";

export function AccessView() {
  const { data, error, isLoading } = useAccessSettings();
  const { isOwner } = useWorkspaceRole();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-8">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">Accès aux sites</h1>
        <p className="mt-1 text-sm text-zinc-500">
          Comment VeillePrix obtient les pages des boutiques protégées : vos proxies ou une API de scraping.
        </p>
      </div>
      {isLoading && !data ? (
        <div role="status" aria-label="Chargement de l'accès aux sites">
          <Skeleton className="h-40 w-full" />
        </div>
      ) : error && !data ? (
        <Alert tone="error">{error.message}</Alert>
      ) : data ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <ProviderForm data={data} isOwner={isOwner} />
            <ShopsTable data={data} isOwner={isOwner} />
          </div>
          <div className="min-w-0">
            <AccessUsageCard link={false} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
