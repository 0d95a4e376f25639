import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { nextFeedRun } from "@/lib/feeds";
import { queueFeedRun } from "@/lib/feeds";
import { inTransaction } from "@/lib/jobs";
import { defineJob } from "@/lib/jobs";
import { triggerJob } from "@/lib/jobs";

// Every minute: the URL feeds that are due get a run (and their next date), and a run whose job died (nothing
// written for two minutes) is run again from its cursor.
export const sweepFeedsJob = defineJob({
  id: "sweep-feeds",
  name: "Lancer les flux catalogue planifiés",
  trigger: { everyMinute: true },
  concurrency: { limit: 1 },
  handler: (_payload, io) =>
    io.step("sweep", async () => {
      const db = await getDb();
      const due = await queryRows<{ id: string; workspace_id: string; frequency: "hourly" | "daily" | "weekly" }>(
        db,
        sql`select id, workspace_id, frequency from catalog_feeds
            where source = 'url' and next_run_at <= now() order by next_run_at limit 100`,
      );
      for (const feed of due) {
        await inTransaction(async (tx) => {
          const next = await nextFeedRun(feed.workspace_id, feed.frequency, new Date(), tx).catch(
            () => new Date(Date.now() + 24 * 3_600_000),
          );
          await tx.execute(sql`update catalog_feeds set next_run_at = ${next.toISOString()} where id = ${feed.id}`);
          const run = await queueFeedRun(tx, feed.workspace_id, feed.id, "schedule");
          if (run) await triggerJob("runFeed", { runId: run.id, workspaceId: feed.workspace_id }, { tx });
        });
      }
      const stalled = await queryRows<{ id: string; workspace_id: string }>(
        db,
        sql`update catalog_feed_runs set updated_at = now()
            where status in ('pending', 'running') and updated_at < now() - interval '2 minutes'
            returning id, workspace_id`,
      );
      await triggerJob(
        "runFeed",
        stalled.map((r) => ({ runId: r.id, workspaceId: r.workspace_id })),
      );
      return { scheduled: due.length, resumed: stalled.length };
    }),
});
