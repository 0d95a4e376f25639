import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expandScrapeEvents, groupScrapeEvents, scrapeEventOf } from "@/lib/jobs/scrape-event";

describe("scrape events of a sweep step", () => {
  it("hold each task's id once, and expand to one event per task with its host and tenant", () => {
    const workspaces = [randomUUID(), randomUUID()];
    const tasks = Array.from({ length: 1000 }, (_, i) => ({
      id: randomUUID(),
      url: `https://www.shop-${i % 5}.example/p/${i}`,
      workspaceId: workspaces[i % 2]!,
    }));
    const groups = groupScrapeEvents(tasks);
    expect(groups).toHaveLength(10);
    const byId = (a: { taskId: string }, b: { taskId: string }) => a.taskId.localeCompare(b.taskId);
    expect(expandScrapeEvents(groups).sort(byId)).toEqual(tasks.map(scrapeEventOf).sort(byId));
    expect(scrapeEventOf(tasks[0]!)).toEqual({
      taskId: tasks[0]!.id,
      host: "www.shop-0.example",
      workspaceId: workspaces[0],
    });
    // a round of 10,000 tasks stays far below Inngest's 4 MB per step, 200,000 within its 32 MB per run
    expect(JSON.stringify(groups).length / tasks.length).toBeLessThan(40);
  });
});
