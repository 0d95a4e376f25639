import { and, eq, sql } from "drizzle-orm";
import { getDb, queryRows, type Db } from "@/db";
import { productUrls, scrapeTasks } from "@/db/schema";
import { env } from "@/lib/env";
import { planAccess, rememberPath } from "@/lib/fetching";
import { ScrapeError, toScrapeError } from "@/lib/scraping";
import { scrapeUrl, type TScrapeOptions, type TScrapeSuccess } from "@/lib/scraping";
import type { TClaimedTask, TTaskRow } from "@/lib/jobs";
import { releaseTask } from "@/lib/jobs";
import { defaultRetryDelay } from "@/lib/jobs";
import { renewTaskLease, TASK_LEASE_MS } from "@/lib/jobs";
import type { TEarlierReadings } from "@/lib/alerts";
import { triggerJob } from "@/lib/jobs";
import { deliverMonitoringStopped, evaluateMonitoringStopped } from "@/lib/alerts";

export type TRunTaskOptions = {
  workerId: string;
  signal?: AbortSignal;
  scrape?: TScrapeOptions;
  /** Delay before automatic attempt n (1-based); defaultRetryDelay by default. */
  retryDelayMs?: (attempt: number, error: ScrapeError) => number;
  /** The lease renewed while the task runs (TASK_LEASE_MS by default). */
  leaseMs?: number;
  db?: Db;
};

export type TRunOutcome =
  | { status: "completed"; priceHistoryId: number | null; result: TScrapeSuccess }
  | { status: "retry"; error: ScrapeError; retryInMs: number }
  | { status: "failed"; error: ScrapeError }
  | { status: "cancelled" }
  | { status: "released" };

export const SHUTDOWN = "shutdown";

const owned = (task: TTaskRow, workerId: string) =>
  and(eq(scrapeTasks.id, task.id), eq(scrapeTasks.status, "processing"), eq(scrapeTasks.lockedBy, workerId));

function presentResult(r: TScrapeSuccess, priceHistoryId: number | null, useAi: boolean) {
  return {
    price: r.price,
    currency: r.currency,
    regular_price: r.regularPrice,
    shipping: r.shipping,
    available: r.available,
    title: r.title,
    method: r.method,
    fetch_mode: r.mode,
    final_url: r.finalUrl,
    http_status: r.httpStatus,
    elapsed_ms: r.elapsedMs,
    price_history_id: priceHistoryId,
    // no AI provider is wired: extraction never used one, whatever the request asked
    ai_used: false,
    ai_requested: useAi,
  };
}

type TSaved = {
  task_id: string | null;
  history_id: number | string | null;
  latest_price: string | null;
  before_latest_price: string | null;
  prev_available: boolean | null;
};

/**
 * One statement (atomic, a single round trip): completes the task if it is still this worker's, and only
 * then adds the price entry and updates the URL. `earlier` reads what the alert rules compare the entry with
 * (the entries before it: same snapshot), handed to their evaluation instead of being read again.
 */
async function recordSuccess(db: Db, task: TTaskRow, workerId: string, r: TScrapeSuccess) {
  const historyId = sql`(select id from hid)`;
  const result = JSON.stringify(presentResult(r, null, task.useAi));
  const [row] = await queryRows<TSaved>(
    db,
    sql`with hid as materialized (select nextval(pg_get_serial_sequence('price_history', 'id')) as id),
      t as (
        update scrape_tasks set status = 'completed', error = null, finished_at = now(), updated_at = now(),
          result = jsonb_set(${result}::jsonb, '{price_history_id}',
            case when url_id is null then 'null'::jsonb else to_jsonb(${historyId}) end)
        where id = ${task.id} and status = 'processing' and locked_by = ${workerId}
        returning id, url_id
      ),
      past as not materialized (select price, available, created_at, id from price_history
        where url_id = (select url_id from t) and corrected_by is null),
      earlier as (
        select
          (select price from past where price is not null order by created_at desc, id desc limit 1) as latest_price,
          (select price from past where price is not null order by created_at desc, id desc offset 1 limit 1)
            as before_latest_price,
          (select available from past where price is not null or available = false
            order by created_at desc, id desc limit 1) as prev_available
      ),
      h as (
        insert into price_history (id, url_id, price, currency, available, regular_price, shipping, task_id,
          availability_stated, member_price, coupon_price, offers)
        select ${historyId}, t.url_id, ${r.price}::numeric, ${r.currency}::text, ${r.available}::boolean,
          ${r.regularPrice}::numeric, ${r.shipping}::numeric, t.id, ${r.availabilityStated !== false}::boolean,
          ${r.memberPrice ?? null}::numeric, ${r.couponPrice ?? null}::numeric,
          ${r.offers?.length ? JSON.stringify(r.offers) : null}::jsonb
        from t where t.url_id is not null
        returning id
      ),
      u as (
        update product_urls set last_checked_at = now(), last_status = 'ok', last_error = null,
          consecutive_failures = 0, fetch_mode = ${r.mode}::text, updated_at = now(),
          candidates = ${JSON.stringify(r.candidates)}::jsonb,
          selector_lost_at = case when ${r.ruleLost}::boolean then coalesce(selector_lost_at, now()) else null end
        where id = (select url_id from t)
      )
      select (select id from t) as task_id, (select id from h) as history_id,
        earlier.latest_price, earlier.before_latest_price, earlier.prev_available
      from earlier`,
  );
  if (!row?.task_id) return null;
  const history = row.history_id !== null ? { id: Number(row.history_id) } : null;
  const earlier: TEarlierReadings = {
    latestPrice: row.latest_price,
    beforeLatestPrice: row.before_latest_price,
    available: row.prev_available,
  };
  return { history, earlier };
}

async function recordFailure(
  db: Db,
  task: TTaskRow,
  workerId: string,
  error: ScrapeError,
  retryDelay: (n: number, error: ScrapeError) => number,
) {
  const willRetry = error.retryable && task.retryCount < task.maxRetries;
  // the shop's Retry-After is a floor: never sooner than it asked
  const retryInMs = willRetry
    ? Math.round(Math.max(retryDelay(task.retryCount + 1, error), error.retryAfterMs ?? 0))
    : 0;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(scrapeTasks)
      .set(
        willRetry
          ? {
              status: "retry",
              retryCount: task.retryCount + 1,
              runAt: new Date(Date.now() + retryInMs),
              lockedBy: null,
              error: error.message,
              updatedAt: sql`now()`,
            }
          : { status: "failed", error: error.message, finishedAt: sql`now()`, updatedAt: sql`now()` },
      )
      .where(owned(task, workerId))
      .returning({ id: scrapeTasks.id });
    if (!row) return null;
    if (task.urlId) {
      const [url] = await tx
        .update(productUrls)
        .set({
          lastCheckedAt: sql`now()`,
          lastStatus: error.urlStatus,
          lastError: error.message,
          consecutiveFailures: sql`${productUrls.consecutiveFailures} + 1`,
          ...(error.candidates ? { candidates: error.candidates } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(productUrls.id, task.urlId))
        .returning({ failures: productUrls.consecutiveFailures });
      if (url) {
        const input = {
          workspaceId: task.workspaceId,
          urlId: task.urlId,
          failures: url.failures,
          error: error.message,
        };
        return { alertEventId: await evaluateMonitoringStopped(tx, input) };
      }
    }
    return { alertEventId: null };
  });
  if (!updated) return { status: "cancelled" } as const;
  if (updated.alertEventId) {
    await deliverMonitoringStopped(updated.alertEventId).catch((e: unknown) =>
      console.error("[alerts] envoi « Surveillance interrompue » en échec", e),
    );
  }
  return willRetry ? ({ status: "retry", error, retryInMs } as const) : ({ status: "failed", error } as const);
}

/**
 * Runs a task this worker has claimed: scrape, then write the price history, the URL status and the task
 * outcome in one transaction, only if the task is still this worker's (a cancelled task writes nothing).
 * A failure never writes a price; a retryable one goes back to 'retry' with a backoff.
 */
export async function runScrapeTask(task: TTaskRow | TClaimedTask, options: TRunTaskOptions): Promise<TRunOutcome> {
  const db = options.db ?? (await getDb());
  const leaseMs = options.leaseMs ?? TASK_LEASE_MS;
  const followers = "followers" in task ? (task.followers ?? []) : [];
  const heartbeat = setInterval(() => {
    for (const t of [task, ...followers]) {
      renewTaskLease(t.id, options.workerId, leaseMs, db).catch((error: unknown) =>
        console.error("[jobs] renouvellement du bail en échec", error),
      );
    }
  }, leaseMs / 3);
  heartbeat.unref();
  try {
    const outcome = await runClaimedTask(task, options, db);
    for (const follower of followers) await settleFollower(db, follower, outcome, options);
    return outcome;
  } catch (error) {
    for (const follower of followers) await releaseTask(follower.id, options.workerId, db);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/** A task of the same page (claimFollowers): its reading or its failure is the fetch's outcome. */
async function settleFollower(db: Db, task: TTaskRow, outcome: TRunOutcome, options: TRunTaskOptions) {
  if (outcome.status === "completed") {
    const saved = await recordSuccess(db, task, options.workerId, outcome.result);
    if (saved?.history && task.urlId) {
      await triggerJob("evaluateAlerts", {
        urlId: task.urlId,
        priceHistoryId: saved.history.id,
        earlier: saved.earlier,
      });
    }
    return;
  }
  if (outcome.status === "retry" || outcome.status === "failed") {
    await recordFailure(db, task, options.workerId, outcome.error, options.retryDelayMs ?? defaultRetryDelay);
    return;
  }
  await releaseTask(task.id, options.workerId, db);
}

async function runClaimedTask(task: TTaskRow | TClaimedTask, options: TRunTaskOptions, db: Db): Promise<TRunOutcome> {
  let selector: string | null = null;
  let fetchMode: "auto" | "static" | "browser" = "auto";
  if ("urlFetchMode" in task && task.urlFetchMode) {
    selector = task.urlSelector;
    fetchMode = task.urlFetchMode;
  } else if (task.urlId) {
    const [url] = await db
      .select({ selector: productUrls.selector, fetchMode: productUrls.fetchMode })
      .from(productUrls)
      .where(eq(productUrls.id, task.urlId));
    if (!url) {
      return recordFailure(
        db,
        task,
        options.workerId,
        new ScrapeError("invalid_url", "URL introuvable", false),
        () => 0,
      );
    }
    selector = url.selector;
    fetchMode = url.fetchMode;
  }
  let outcome: TScrapeSuccess;
  const allowPrivate = options.scrape?.allowPrivate ?? env.SCRAPER_ALLOW_PRIVATE_HOSTS;
  // the shop's strategy applies unless the URL itself asks for the browser
  const withAccess = fetchMode !== "browser" && URL.canParse(task.url);
  try {
    const access = withAccess ? await planAccess(db, task.workspaceId, task.url, { allowPrivate }) : undefined;
    outcome = await scrapeUrl(
      { url: task.url, selector, fetchMode },
      { ...options.scrape, access, signal: options.signal },
    );
    if (withAccess) await rememberPath(db, task.workspaceId, task.url, outcome.path);
  } catch (error) {
    if (withAccess && !options.signal?.aborted) await rememberPath(db, task.workspaceId, task.url, null);
    if (options.signal?.aborted) {
      if (options.signal.reason === SHUTDOWN) {
        await releaseTask(task.id, options.workerId, db);
        return { status: "released" };
      }
      return { status: "cancelled" };
    }
    return recordFailure(db, task, options.workerId, toScrapeError(error), options.retryDelayMs ?? defaultRetryDelay);
  }
  const saved = await recordSuccess(db, task, options.workerId, outcome);
  if (!saved) return { status: "cancelled" };
  if (saved.history && task.urlId) {
    await triggerJob("evaluateAlerts", { urlId: task.urlId, priceHistoryId: saved.history.id, earlier: saved.earlier });
  }
  return { status: "completed", priceHistoryId: saved.history?.id ?? null, result: outcome };
}
