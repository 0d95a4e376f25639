import { hostOf } from "@/lib/products/urls/normalize-url";

/** A scrape-task run's payload: the task, and the keys of its Inngest concurrency limits. */
export type TScrapeEvent = { taskId: string; host: string; workspaceId: string };

export function scrapeEventOf(task: { id: string; url: string; workspaceId: string }): TScrapeEvent {
  return { taskId: task.id, host: hostOf(task.url), workspaceId: task.workspaceId };
}
