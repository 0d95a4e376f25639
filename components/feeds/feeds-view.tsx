"use client";

import Link from "next/link";
import { useFeeds } from "@/client/hooks/use-feeds";
import { useWorkspaceRole } from "@/client/use-current-user";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { AddFeedForm } from "./add-feed-form";
import { RunStatusBadge } from "./run-status-badge";

/** 'Flux catalogue': the workspace's feeds and, for an Éditeur, the form adding one (file or URL). */
export function FeedsView() {
  const { data, error, isLoading } = useFeeds();
  const { canEdit } = useWorkspaceRole();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-8">
        <Link href="/products" className="text-sm text-brand-700 hover:underline">
          ← Produits
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">Flux catalogue</h1>
        <p className="mt-1 text-sm text-zinc-500">
          Votre catalogue importé depuis un fichier ou une adresse relue automatiquement : Google Merchant Center,
          Shopify, WooCommerce, PrestaShop ou notre modèle CSV/XLSX. Les produits sont rapprochés par leur référence
          (SKU) ; aucun produit n&apos;est supprimé.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <Card>
            <CardHeader title="Vos flux" />
            <CardBody>
              {isLoading && !data ? (
                <div role="status" aria-label="Chargement des flux">
                  <Skeleton className="h-24 w-full" />
                </div>
              ) : error && !data ? (
                <Alert tone="error">{error.message}</Alert>
              ) : data && data.length > 0 ? (
                <ul className="divide-y divide-zinc-100" aria-label="Flux catalogue">
                  {data.map((feed) => (
                    <li
                      key={feed.id}
                      className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="min-w-0">
                        <Link
                          href={`/feeds/${feed.id}`}
                          className="block truncate font-medium text-zinc-900 hover:text-brand-700 hover:underline"
                        >
                          {feed.name}
                        </Link>
                        <p className="truncate text-xs text-zinc-500">
                          {feed.source === "url" ? feed.url : feed.file_name}
                          {feed.format_label ? ` · ${feed.format_label}` : ""}
                        </p>
                      </div>
                      {feed.last_run ? <RunStatusBadge status={feed.last_run.status} /> : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-zinc-500">Aucun flux pour l&apos;instant.</p>
              )}
            </CardBody>
          </Card>
        </div>
        <div className="min-w-0">{canEdit ? <AddFeedForm /> : null}</div>
      </div>
    </div>
  );
}
