import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { catalogFeedRuns } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { failFeedRun, finishFeedRun } from "@/lib/feeds";
import { loadFeedRun } from "@/lib/feeds";
import { writeFeedBatch } from "@/lib/feeds";
import { defineJob } from "@/lib/jobs";
import { FEED_RUN_REQUESTED } from "@/lib/jobs";

const RETRIES = 3;
/** Failed attempts with no batch written in between: the run is then 'failed'. */
const MAX_FAILURES = 2 * (RETRIES + 1);

/** An error the source gives (unreadable, 404, refused address): retrying reads the same, the run fails now. */
const isSourceError = (error: unknown): error is AppError =>
  error instanceof AppError && error.code !== "internal_error" && error.code !== "service_unavailable";

async function countFailure(runId: string, error: unknown): Promise<boolean> {
  if (isSourceError(error)) {
    await failFeedRun(runId, error.detail ?? error.message);
    return true;
  }
  const db = await getDb();
  const [row] = await db
    .update(catalogFeedRuns)
    .set({ failures: sql`${catalogFeedRuns.failures} + 1`, updatedAt: sql`now()` })
    .where(eq(catalogFeedRuns.id, runId))
    .returning({ failures: catalogFeedRuns.failures });
  if ((row?.failures ?? 0) < MAX_FAILURES) return false;
  await failFeedRun(runId, null);
  return true;
}

// A run of a catalogue feed (catalog_feed_runs): read the source into rows, one step per batch of 500 rows, then
// report the gone products. A run that dies, or a second run of the same id, resumes after the last batch.
export const runFeedJob = defineJob<{ runId: string; workspaceId: string }>({
  id: "run-feed",
  name: "Importer un flux catalogue",
  trigger: { event: FEED_RUN_REQUESTED },
  concurrency: { limit: 4, per: { key: "workspaceId", limit: 1 } },
  retries: RETRIES,
  handler: async ({ runId }, io) => {
    const guarded = (fn: () => Promise<boolean>) => async () => {
      try {
        return await fn();
      } catch (error) {
        if (await countFailure(runId, error)) return false;
        throw error;
      }
    };
    const loaded = await io.step(
      "load",
      guarded(() => loadFeedRun(runId)),
    );
    let batches = 0;
    if (loaded !== false) {
      while (
        await io.step(
          `lot-${batches}`,
          guarded(() => writeFeedBatch(runId)),
        )
      )
        batches++;
      await io.step(
        "finish",
        guarded(async () => {
          await finishFeedRun(runId);
          return true;
        }),
      );
    }
    return { runId, batches };
  },
});
