import { hostOf } from "@/lib/core/url-host";

/** A scrape-task run's payload: the task, and the keys of its Inngest concurrency limits. */
export type TScrapeEvent = { taskId: string; host: string; workspaceId: string };

export function scrapeEventOf(task: { id: string; url: string; workspaceId: string }): TScrapeEvent {
  return { taskId: task.id, host: hostOf(task.url), workspaceId: task.workspaceId };
}

/** Events of one host and tenant: a sweep step's output holds each task's id alone (Inngest bounds a run's state). */
export type TScrapeEventGroup = { host: string; workspaceId: string; taskIds: string[] };

export function groupScrapeEvents(tasks: { id: string; url: string; workspaceId: string }[]): TScrapeEventGroup[] {
  const groups = new Map<string, TScrapeEventGroup>();
  for (const task of tasks) {
    const { host, workspaceId } = scrapeEventOf(task);
    const key = `${workspaceId} ${host}`;
    const group = groups.get(key) ?? { host, workspaceId, taskIds: [] };
    group.taskIds.push(task.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function expandScrapeEvents(groups: TScrapeEventGroup[]): TScrapeEvent[] {
  return groups.flatMap(({ host, workspaceId, taskIds }) => taskIds.map((taskId) => ({ taskId, host, workspaceId })));
}
