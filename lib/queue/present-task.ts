import type { scrapeTasks } from "@/db/schema";

type TaskRow = typeof scrapeTasks.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentResult(result: unknown): Record<string, unknown> | null {
  if (!result || typeof result !== "object") return null;
  const r = result as Record<string, unknown>;
  // euros as a number, like the history entries; the stored value stays a decimal string
  return { ...r, price: typeof r.price === "string" ? Number(r.price) : (r.price ?? null) };
}

/** The queue task of the API (SPEC.md §3–4): `{ task_id, status, ..., metadata: { task_id, ... } }`. */
export function presentTask(t: TaskRow) {
  return {
    task_id: t.id,
    status: t.status,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
    started_at: iso(t.startedAt),
    finished_at: iso(t.finishedAt),
    retry_count: t.retryCount,
    max_retries: t.maxRetries,
    priority: t.priority,
    url: t.url,
    url_id: t.urlId,
    product_id: t.productId,
    error: t.error,
    result: presentResult(t.result),
    metadata: {
      ...(t.metadata as Record<string, unknown>),
      task_id: t.id,
      trigger: t.trigger,
      use_ai: t.useAi,
      run_at: iso(t.runAt),
    },
  };
}

export type TTask = ReturnType<typeof presentTask>;
