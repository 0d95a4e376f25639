import { and, asc, eq, gt } from "drizzle-orm";
import { getDb } from "@/db";
import { catalogFeedRunRows, catalogFeedRuns, type TFeedOutcome } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { presentFeedRun } from "./present-feed";

const REPORT_PAGE = 200;

export const OUTCOME_LABELS: Record<TFeedOutcome, string> = {
  new: "Nouveau",
  changed: "Modifié",
  unchanged: "Inchangé",
  gone: "Absent du flux",
  invalid: "Invalide",
  over_limit: "Hors limite du plan",
};

/** The workspace's run of that feed; another workspace's (or feed's) is the same 404 as a missing one. */
export async function getFeedRunOrThrow(workspaceId: string, feedId: string, runId: string) {
  const db = await getDb();
  const [run] = await db
    .select()
    .from(catalogFeedRuns)
    .where(
      and(
        eq(catalogFeedRuns.id, runId),
        eq(catalogFeedRuns.feedId, feedId),
        eq(catalogFeedRuns.workspaceId, workspaceId),
      ),
    );
  if (!run) throw new AppError("feed_run_not_found");
  return run;
}

/** A page of a run's report, in the file's order, 'gone' products last; `outcome` keeps one kind of row. */
export async function* iterateReportRows(runId: string, workspaceId: string, outcome?: TFeedOutcome, pageSize = 1000) {
  const db = await getDb();
  let after = -1;
  for (;;) {
    const page = await db
      .select({
        idx: catalogFeedRunRows.idx,
        line: catalogFeedRunRows.line,
        sku: catalogFeedRunRows.sku,
        name: catalogFeedRunRows.name,
        outcome: catalogFeedRunRows.outcome,
        reason: catalogFeedRunRows.reason,
        changes: catalogFeedRunRows.changes,
        product_id: catalogFeedRunRows.productId,
      })
      .from(catalogFeedRunRows)
      .where(
        and(
          eq(catalogFeedRunRows.runId, runId),
          eq(catalogFeedRunRows.workspaceId, workspaceId),
          gt(catalogFeedRunRows.idx, after),
          outcome ? eq(catalogFeedRunRows.outcome, outcome) : undefined,
        ),
      )
      .orderBy(asc(catalogFeedRunRows.idx))
      .limit(pageSize);
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.idx;
  }
}

/** GET /api/feeds/{id}/runs/{runId}: the run's progress and the first rows of its report (`outcome` filters). */
export async function getFeedRun(workspaceId: string, feedId: string, runId: string, outcome?: TFeedOutcome) {
  const run = await getFeedRunOrThrow(workspaceId, feedId, runId);
  const { value } = await iterateReportRows(runId, workspaceId, outcome, REPORT_PAGE).next();
  return { ...presentFeedRun(run), report: value ?? [], report_limit: REPORT_PAGE };
}
