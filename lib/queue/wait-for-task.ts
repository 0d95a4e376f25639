import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { scrapeTasks } from "@/db/schema";

const FINISHED = new Set(["completed", "failed", "cancelled"]);

/** Polls a task until it is finished or `timeoutMs` elapsed (or the client went away); returns the last row. */
export async function waitForTask(taskId: string, timeoutMs: number, signal?: AbortSignal) {
  const db = await getDb();
  const deadline = Date.now() + timeoutMs;
  let delay = 100;
  for (;;) {
    const [row] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.id, taskId));
    if (!row || FINISHED.has(row.status) || Date.now() >= deadline || signal?.aborted) return row ?? null;
    await new Promise((r) => setTimeout(r, Math.min(delay, Math.max(0, deadline - Date.now()))));
    delay = Math.min(delay * 1.5, 1000);
  }
}
