"use client";

import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch } from "@/client/api-client";
import { useWorkspaceRole } from "@/client/use-current-user";
import { useAction } from "@/client/hooks/use-action";
import { isActiveTask, useQueueTasks } from "@/client/hooks/use-queue-tasks";
import { formatDateTime, formatEuros } from "@/lib/format";
import type { TTask } from "@/lib/queue/present-task";

type TaskStatus = TTask["status"];

const STATUS: Record<TaskStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "En attente", tone: "neutral" },
  processing: { label: "En cours", tone: "brand" },
  retry: { label: "Nouvelle tentative", tone: "warning" },
  completed: { label: "Terminée", tone: "success" },
  failed: { label: "Échec", tone: "danger" },
  cancelled: { label: "Annulée", tone: "neutral" },
};

// SPEC.md §9: the queue is refreshed 1 s after an action (active tasks are polled every 10 s by useQueueTasks)
const AFTER_ACTION_MS = 1_000;

const MSG = {
  cancel: "Erreur lors de l'annulation de la tâche",
  retry: "Erreur lors de la relance de la tâche",
  batch: "Erreur lors du scraping en lot",
};

export type QueuePanelProps = {
  /** Only this product's tasks; every task of the user otherwise. */
  productId?: string;
  /** Called when a task the panel saw active is finished (to reload prices). */
  onTaskFinished?: (task: TTask) => void;
  className?: string;
};

function shortUrl(url: string) {
  const text = url.replace(/^https?:\/\/(www\.)?/, "");
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** Active and recent scrape tasks with cancel and retry; polls while tasks are active. */
export function QueuePanel({ productId, onTaskFinished, className }: QueuePanelProps) {
  const { canEdit } = useWorkspaceRole();
  const tasks = useQueueTasks(productId);
  const { active, recent, latest } = tasks;
  const { busy, error: actionError, run } = useAction();
  const error = actionError ?? tasks.error?.message ?? null;
  const loading = tasks.isLoading;
  const seenActive = useRef(new Set<string>());
  const finishedCb = useRef(onTaskFinished);
  finishedCb.current = onTaskFinished;

  useEffect(() => {
    for (const t of latest) {
      if (seenActive.current.has(t.task_id) && !isActiveTask(t)) {
        seenActive.current.delete(t.task_id);
        finishedCb.current?.(t);
      }
    }
    for (const t of active) seenActive.current.add(t.task_id);
  }, [active, latest]);

  async function act(task: TTask, action: "cancel" | "retry") {
    await run(
      task.task_id,
      async () => {
        await apiFetch(`/api/queue/tasks/${task.task_id}/${action}`, {
          method: "POST",
          body: action === "retry" ? { force: task.status === "completed" } : undefined,
          fallback: MSG[action],
        });
        seenActive.current.add(task.task_id);
      },
      { error: MSG[action] },
    );
    setTimeout(() => void tasks.revalidate(), AFTER_ACTION_MS);
  }

  // every URL of the product at once; the server answers 'Aucune URL trouvée pour ce produit' when there is none
  async function scrapeAll() {
    await run(
      "all",
      () =>
        apiFetch("/api/queue/tasks/scheduled", {
          method: "POST",
          body: { product_id: productId, all: true },
          fallback: MSG.batch,
        }),
      { error: MSG.batch },
    );
    setTimeout(() => void tasks.revalidate(), AFTER_ACTION_MS);
  }

  const row = (task: TTask) => {
    const status = STATUS[task.status];
    const result = task.result as { price?: unknown; currency?: unknown } | null;
    const price =
      result && typeof result.price === "number"
        ? formatEuros(result.price, typeof result.currency === "string" ? result.currency : "EUR")
        : null;
    return (
      <li
        key={task.task_id}
        className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5"
        data-task-id={task.task_id}
        data-status={task.status}
      >
        <Badge tone={status.tone}>
          {task.status === "processing" ? <Spinner size="sm" label={null} /> : null}
          {status.label}
        </Badge>
        <span className="min-w-0 flex-1 truncate text-sm text-zinc-700" title={task.url}>
          {shortUrl(task.url)}
        </span>
        {price ? <span className="text-sm font-medium tabular-nums text-zinc-900">{price}</span> : null}
        <span className="text-xs tabular-nums text-zinc-500">{formatDateTime(task.created_at)}</span>
        {task.retry_count > 0 ? <span className="text-xs text-zinc-500">{task.retry_count} relance(s)</span> : null}
        {!canEdit ? null : isActiveTask(task) ? (
          <Button
            size="sm"
            variant="ghost"
            loading={busy === task.task_id}
            disabled={busy !== null}
            onClick={() => void act(task, "cancel")}
          >
            Annuler
          </Button>
        ) : task.status === "failed" || task.status === "cancelled" ? (
          <Button
            size="sm"
            variant="secondary"
            loading={busy === task.task_id}
            disabled={busy !== null}
            onClick={() => void act(task, "retry")}
          >
            Relancer
          </Button>
        ) : null}
        {task.error && task.status !== "completed" ? (
          <p className="basis-full text-xs text-red-700">{task.error}</p>
        ) : null}
      </li>
    );
  };

  return (
    <section className={className} aria-labelledby="queue-panel-title">
      <div className="flex items-center justify-between gap-2">
        <h3 id="queue-panel-title" className="text-sm font-semibold text-zinc-900">
          File de scraping
        </h3>
        <div className="flex items-center gap-3">
          {active.length > 0 ? <span className="text-xs text-zinc-500">{active.length} tâche(s) active(s)</span> : null}
          {productId && canEdit ? (
            <Button
              size="sm"
              variant="secondary"
              loading={busy === "all"}
              disabled={busy !== null}
              onClick={() => void scrapeAll()}
            >
              Relancer toutes les URLs
            </Button>
          ) : null}
        </div>
      </div>
      {error ? (
        <Alert tone="error" className="mt-2">
          {error}
        </Alert>
      ) : null}
      {loading ? (
        <div role="status" className="mt-3 flex items-center gap-2 text-sm text-zinc-500">
          <Spinner size="sm" label={null} />
          <span>Chargement des tâches...</span>
        </div>
      ) : active.length === 0 && recent.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-500">Aucune tâche de scraping récente</p>
      ) : (
        <>
          {active.length > 0 ? (
            <div className="mt-2">
              <h4 className="text-xs font-medium uppercase tracking-wide text-zinc-500">Tâches actives</h4>
              <ul className="divide-y divide-zinc-100">{active.map(row)}</ul>
            </div>
          ) : null}
          {recent.length > 0 ? (
            <div className="mt-3">
              <h4 className="text-xs font-medium uppercase tracking-wide text-zinc-500">Tâches récentes</h4>
              <ul className="divide-y divide-zinc-100">{recent.map(row)}</ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
