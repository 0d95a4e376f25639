import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { catalogFeedRunRows, catalogFeedRuns, type TFeedOutcome } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { DUPLICATE_SKU } from "./messages";
import { presentFeedRun } from "./present-feed";

const REPORT_PAGE = 200;

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

const r = catalogFeedRunRows;
/**
 * A row's place in the report: 0 an error (a row refused, a product the plan has no room for), 1 a warning (a
 * SKU repeated in the file, a product gone from the feed), 2 the rest; the file's order within each.
 */
const RANK = sql<number>`(case
  when ${r.outcome} = 'over_limit' or (${r.outcome} = 'invalid' and ${r.reason} not like ${`${DUPLICATE_SKU}%`}) then 0
  when ${r.outcome} in ('invalid', 'gone') then 1
  else 2 end)`.mapWith(Number);

/** A page of a run's report, problems first (errors, then warnings), then the rest; `outcome` keeps one kind. */
export async function* iterateReportRows(runId: string, workspaceId: string, outcome?: TFeedOutcome, pageSize = 1000) {
  const db = await getDb();
  let after: { rank: number; idx: number } | null = null;
  for (;;) {
    const page = await db
      .select({
        idx: r.idx,
        rank: RANK,
        line: r.line,
        sku: r.sku,
        name: r.name,
        outcome: r.outcome,
        reason: r.reason,
        changes: r.changes,
        product_id: r.productId,
      })
      .from(r)
      .where(
        and(
          eq(r.runId, runId),
          eq(r.workspaceId, workspaceId),
          after ? sql`(${RANK}, ${r.idx}) > (${after.rank}, ${after.idx})` : undefined,
          outcome ? eq(r.outcome, outcome) : undefined,
        ),
      )
      .orderBy(RANK, asc(r.idx))
      .limit(pageSize);
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!;
  }
}

/**
 * GET /api/feeds/{id}/runs/{runId}: the run's progress, its counts per outcome and its report's first rows,
 * problems first (`outcome` keeps one kind); the whole report is the CSV.
 */
export async function getFeedRun(workspaceId: string, feedId: string, runId: string, outcome?: TFeedOutcome) {
  const run = await getFeedRunOrThrow(workspaceId, feedId, runId);
  const { value } = await iterateReportRows(runId, workspaceId, outcome, REPORT_PAGE).next();
  return { ...presentFeedRun(run), report: value ?? [], report_limit: REPORT_PAGE };
}
