import { and, eq, inArray } from "drizzle-orm";
import type { DbTx } from "@/db";
import { catalogFeedRuns, catalogFeeds } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { AppError } from "@/lib/errors/app-error";

/**
 * Records a run of the feed unless one is pending or running (the feed row is locked, so two clicks make one
 * run). Null when one is already under way. The caller starts its run-feed job once this transaction commits.
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
  return run!;
}

/** 'Lancer maintenant' in the caller's transaction: 409 while a run of the feed is under way. */
export async function startFeedRun(tx: DbTx, workspaceId: string, feedId: string) {
  const [feed] = await tx
    .select({ id: catalogFeeds.id, name: catalogFeeds.name })
    .from(catalogFeeds)
    .where(and(eq(catalogFeeds.id, feedId), eq(catalogFeeds.workspaceId, workspaceId)));
  if (!feed) throw new AppError("feed_not_found");
  const queued = await queueFeedRun(tx, workspaceId, feedId, "manual");
  if (!queued) throw new AppError("feed_running");
  await recordAudit(tx, workspaceId, "feed.run", { type: "feed", id: feedId }, { name: feed.name, run: queued.id });
  return queued;
}
