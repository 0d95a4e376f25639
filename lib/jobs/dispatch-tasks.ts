import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { DISPATCHED } from "./collect-undispatched-tasks";
import { scrapeEventOf } from "./scrape-event";
import { triggerJob } from "./trigger-job";

type TDispatchable = { id: string; url: string; workspaceId: string };

/**
 * Starts queued tasks (one scrape-task run each) once `tx` commits; marks them announced so the minute sweep
 * does not announce them again. A task whose trigger is lost stays unmarked: the sweep announces it.
 */
export async function dispatchTasks(tasks: TDispatchable[], options: { tx?: DbLike } = {}): Promise<void> {
  if (tasks.length === 0) return;
  const ids = tasks.map((t) => t.id);
  await triggerJob("scrapeTask", tasks.map(scrapeEventOf), {
    tx: options.tx,
    onSent: async () => {
      const db = await getDb();
      await db
        .update(scrapeTasks)
        .set({ lockedBy: DISPATCHED })
        .where(and(inArray(scrapeTasks.id, ids), eq(scrapeTasks.status, "pending"), isNull(scrapeTasks.lockedBy)));
    },
  });
}
