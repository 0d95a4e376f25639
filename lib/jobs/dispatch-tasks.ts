import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { env } from "@/lib/env";
import { DISPATCHED } from "./collect-undispatched-tasks";
import { SCRAPE_REQUESTED } from "./job-events";
import { hostOf } from "./job-runner";
import { getLocalRunner } from "./local-runner";
import { sendJobEvents } from "./send-job-events";

type TDispatchable = { id: string; url: string };

/**
 * Makes queued tasks start promptly: an event per task for Inngest, else a wake-up of the local runner
 * (which also polls every second, so a missed wake-up only costs a second).
 */
export async function dispatchTasks(tasks: TDispatchable[]): Promise<void> {
  if (tasks.length === 0) return;
  if (env.inngestEnabled) {
    try {
      for (let i = 0; i < tasks.length; i += 500) {
        const batch = tasks.slice(i, i + 500);
        await sendJobEvents(
          batch.map((t) => ({ name: SCRAPE_REQUESTED, data: { taskId: t.id, host: hostOf(t.url) } })),
        );
        const db = await getDb();
        await db
          .update(scrapeTasks)
          .set({ lockedBy: DISPATCHED })
          .where(
            and(
              inArray(
                scrapeTasks.id,
                batch.map((t) => t.id),
              ),
              eq(scrapeTasks.status, "pending"),
              isNull(scrapeTasks.lockedBy),
            ),
          );
      }
    } catch (error) {
      // the task stays queued: the next sweep (every minute) announces undispatched tasks again
      console.error("[jobs] envoi à Inngest en échec", error);
    }
    return;
  }
  void getLocalRunner()?.wake();
}
