import type { TTask } from "@/lib/queue/present-task";
import { useResource } from "./use-resource";

const FETCH_ERROR = "Erreur lors de la récupération des tâches";
// SPEC.md §9: active tasks are polled every 10 s
const ACTIVE_POLL_MS = 10_000;
const ACTIVE: readonly TTask["status"][] = ["processing", "pending", "retry"];

export const isActiveTask = (t: TTask) => ACTIVE.includes(t.status);
const pollWhileActive = (tasks: TTask[] | undefined) => (tasks?.some(isActiveTask) ? ACTIVE_POLL_MS : 0);

/** One product's scrape tasks, or every task of the user: the active ones and the 10 latest, polled while active. */
export function useQueueTasks(productId?: string) {
  const own = useResource<TTask[]>(productId ? `/api/queue/products/${productId}/tasks` : null, FETCH_ERROR, {
    refreshInterval: pollWhileActive,
  });
  const active = useResource<TTask[]>(productId ? null : "/api/queue/tasks?status=active&limit=50", FETCH_ERROR, {
    refreshInterval: pollWhileActive,
  });
  const polling = (active.data?.length ?? 0) > 0;
  const latest = useResource<TTask[]>(productId ? null : "/api/queue/tasks?limit=10", FETCH_ERROR, {
    refreshInterval: polling ? ACTIVE_POLL_MS : 0,
  });

  const nowActive = productId ? (own.data?.filter(isActiveTask) ?? []) : (active.data ?? []);
  const tenLatest = productId ? (own.data?.slice(0, 10) ?? []) : (latest.data ?? []);
  const parts = productId ? [own] : [active, latest];
  return {
    active: nowActive,
    recent: tenLatest.filter((t) => !isActiveTask(t)),
    latest: tenLatest,
    isLoading: parts.some((p) => p.data === undefined && !p.error),
    error: parts.find((p) => p.error)?.error ?? null,
    revalidate: () => Promise.all(parts.map((p) => p.mutate())),
  };
}
