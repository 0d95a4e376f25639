import { and, eq, inArray } from "drizzle-orm";
import type { DbTx } from "@/db";
import { catalogFeedRuns, catalogFeeds } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { AppError } from "@/lib/errors/app-error";
import { inTransaction } from "@/lib/jobs/in-transaction";
import { triggerJob } from "@/lib/jobs/trigger-job";
import { presentFeedRun } from "./present-feed";

/**
 * Records a run of the feed and starts its job once committed, unless one is pending or running (the feed row
 * is locked, so two clicks make one run). Null when one is already under way.
 */
export async function queueFeedRun(tx: DbTx, workspaceId: string, feedId: string, trigger: "manual" | "schedule") {
  await tx
    .select({ id: catalogFeeds.id })
    .from(catalogFeeds)
    .where(and(eq(catalogFeeds.id, feedId), eq(catalogFeeds.workspaceId, workspaceId)))
    .for("update");
  const [busy] = await tx
    .select({ id: catalogFeedRuns.id })
    .from(catalogFeedRuns)
    .where(and(eq(catalogFeedRuns.feedId, feedId), inArray(catalogFeedRuns.status, ["pending", "running"])))
    .limit(1);
  if (busy) return null;
  const [run] = await tx.insert(catalogFeedRuns).values({ workspaceId, feedId, trigger }).returning();
  await triggerJob("runFeed", { runId: run!.id, workspaceId }, { tx });
  return run!;
}

/** POST /api/feeds/{id}/runs: 'Lancer maintenant'. 409 while a run of the feed is under way. */
export async function startFeedRun(workspaceId: string, feedId: string) {
  const run = await inTransaction(async (tx) => {
    const [feed] = await tx
      .select({ id: catalogFeeds.id, name: catalogFeeds.name })
      .from(catalogFeeds)
      .where(and(eq(catalogFeeds.id, feedId), eq(catalogFeeds.workspaceId, workspaceId)));
    if (!feed) throw new AppError("feed_not_found");
    const queued = await queueFeedRun(tx, workspaceId, feedId, "manual");
    if (!queued) throw new AppError("feed_running");
    await recordAudit(tx, workspaceId, "feed.run", { type: "feed", id: feedId }, { name: feed.name, run: queued.id });
    return queued;
  });
  return presentFeedRun(run);
}
