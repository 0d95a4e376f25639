"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { mutate } from "swr";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { FEEDS_KEY, feedKey, useFeed } from "@/client/hooks/use-feeds";
import { useWorkspaceRole } from "@/client/use-current-user";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { MappingForm } from "./mapping-form";
import { NewVersionForm } from "./new-version-form";
import { RunPanel } from "./run-panel";
import { RunStatusBadge } from "./run-status-badge";

const FREQUENCIES: Record<string, string> = {
  hourly: "toutes les heures",
  daily: "tous les jours",
  weekly: "toutes les semaines",
};

/**
 * A feed: 'Lancer maintenant', its column mapping, a new version of its file (a file feed), its runs (the chosen
 * one's progress and report).
 */
export function FeedView({ feedId }: { feedId: string }) {
  const router = useRouter();
  const { data: feed, error } = useFeed(feedId);
  const { canEdit } = useWorkspaceRole();
  const { busy, message, run } = useAction();
  const [chosen, setChosen] = useState<string | null>(null);

  if (error && !feed) return <Alert tone="error">{error.message}</Alert>;
  if (!feed)
    return (
      <div role="status" aria-label="Chargement du flux" className="mx-auto max-w-6xl px-4 py-10">
        <Skeleton className="h-40 w-full" />
      </div>
    );
  const shown = chosen ?? feed.runs[0]?.id ?? null;

  async function runNow() {
    const started = await run(
      "run",
      () => apiFetch<{ id: string }>(`/api/feeds/${feedId}/runs`, { method: "POST", fallback: "Erreur au lancement" }),
      { error: "Erreur au lancement" },
    );
    if (started) {
      setChosen(started.id);
      await mutate(feedKey(feedId));
    }
  }

  async function remove() {
    if (!window.confirm("Supprimer ce flux et ses rapports ? Les produits importés sont conservés.")) return;
    const done = await run(
      "delete",
      () => apiFetch(`/api/feeds/${feedId}`, { method: "DELETE", fallback: "Erreur lors de la suppression" }),
      { error: "Erreur lors de la suppression", navigates: true },
    );
    if (done !== undefined) {
      await mutate(FEEDS_KEY);
      router.push("/feeds");
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <Link href="/feeds" className="text-sm text-brand-700 hover:underline">
            ← Flux catalogue
          </Link>
          <h1 className="mt-2 truncate text-2xl font-semibold tracking-tight text-zinc-900">{feed.name}</h1>
          <p className="mt-1 truncate text-sm text-zinc-500">
            {feed.source === "url"
              ? `${feed.url} · relu ${FREQUENCIES[feed.frequency ?? "daily"]}`
              : `Fichier ${feed.file_name}`}
            {feed.format_label ? ` · ${feed.format_label}` : ""}
          </p>
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            <Button variant="ghost" onClick={() => void remove()} loading={busy === "delete"} disabled={busy !== null}>
              Supprimer
            </Button>
            <Button onClick={() => void runNow()} loading={busy === "run"} disabled={busy !== null}>
              Lancer maintenant
            </Button>
          </div>
        ) : null}
      </div>
      {message ? (
        <Alert tone={message.tone} className="mb-6">
          {message.text}
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          {shown ? <RunPanel key={shown} feedId={feedId} runId={shown} /> : null}
          <MappingForm key={`${feed.format}-${JSON.stringify(feed.mapping)}`} feed={feed} canEdit={canEdit} />
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {canEdit && feed.source === "file" ? (
            <NewVersionForm
              feedId={feedId}
              onStarted={(id) => {
                setChosen(id);
                void mutate(feedKey(feedId));
              }}
            />
          ) : null}
          <Card>
            <CardHeader title="Dernières exécutions" />
            <CardBody>
              {feed.runs.length === 0 ? (
                <p className="text-sm text-zinc-500">Aucune exécution pour l&apos;instant.</p>
              ) : (
                <ul className="divide-y divide-zinc-100">
                  {feed.runs.map((r) => (
                    <li key={r.id}>
                      <button
                        type="button"
                        onClick={() => setChosen(r.id)}
                        aria-current={r.id === shown ? "true" : undefined}
                        className="flex w-full items-center justify-between gap-2 py-2 text-left text-sm hover:text-brand-700"
                      >
                        <span className="num">
                          {new Date(r.created_at).toLocaleString("fr-FR", { timeZone: "Europe/Paris" })}
                        </span>
                        <RunStatusBadge status={r.status} />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </CardBody>
          </Card>
        </div>
      </div>
    </div>
  );
}
