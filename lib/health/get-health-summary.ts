import { sql } from "drizzle-orm";
import { queryRowsWithoutJit, type DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing";
import { currentMonth } from "@/lib/fetching";
import { GRACE_FRACTION, periodOf, shopOf, stateOf } from "./health-sql";
import { HEALTH_STATE_LABELS, HEALTH_STATES, type THealthState } from "./schemas";

export const FRESHNESS_DAYS = 7;

/** URLs per state, all states listed (0 when none). Every aggregate of the screen is planned without JIT. */
export async function countHealthStates(db: DbLike, workspaceId: string, hasAutomation: boolean) {
  const rows = await queryRowsWithoutJit<{ state: THealthState; n: number | string }>(
    db,
    sql`select ${stateOf("pu", hasAutomation)} as state, count(*) as n from product_urls pu
        where pu.workspace_id = ${workspaceId} group by 1`,
  );
  const counts = new Map(rows.map((r) => [r.state, Number(r.n)]));
  return HEALTH_STATES.map((state) => ({ state, label: HEALTH_STATE_LABELS[state], count: counts.get(state) ?? 0 }));
}

/**
 * The scheduled checks of the last 7 days done on time. A scheduled check (scrape task of trigger 'schedule') is
 * due one period after the URL's previous reading, its latest when the sweep queued the check (or when it was
 * queued, when there is none or it is older than two periods: a paused or new URL); it is on time when its
 * reading is recorded by then plus the grace (a quarter of the period). Failed checks are late; checks not yet
 * finished count once their deadline has passed.
 */
export async function getFreshness(db: DbLike, workspaceId: string, hasAutomation: boolean) {
  const period = periodOf(sql`pu.tracking_frequency`, hasAutomation);
  const [row] = await queryRowsWithoutJit<{ on_time: number | string; due: number | string }>(
    db,
    // the previous reading as the sweep recorded it; for a check queued before it did, one probe of the history
    // (a lateral join: a column subquery was run once per use in d)
    sql`with t as (
        select st.status, st.finished_at, st.created_at, ${period} as period,
          case when st.metadata ? 'prev_reading_at' then (st.metadata->>'prev_reading_at')::timestamptz
            else prev.created_at end as prev
        from scrape_tasks st join product_urls pu on pu.id = st.url_id
          left join lateral (select ph.created_at from price_history ph
            where not st.metadata ? 'prev_reading_at' and ph.url_id = st.url_id and ph.created_at < st.created_at
            order by ph.created_at desc limit 1) prev on true
        where st.workspace_id = ${workspaceId} and st.trigger = 'schedule' and st.status <> 'cancelled'
          and st.created_at >= now() - make_interval(days => ${FRESHNESS_DAYS})
      ), d as (
        select status, finished_at,
          (case when prev is null or prev < created_at - 2 * period then created_at else prev + period end)
            + period * ${GRACE_FRACTION}::float8 as deadline
        from t
      )
      select count(*) filter (where status = 'completed' and finished_at <= deadline) as on_time,
        count(*) filter (where status in ('completed', 'failed') or deadline < now()) as due
      from d`,
  );
  const due = Number(row?.due ?? 0);
  const onTime = Number(row?.on_time ?? 0);
  const percent = due > 0 ? Math.floor((onTime / due) * 100) : null;
  return {
    days: FRESHNESS_DAYS,
    on_time: onTime,
    due,
    percent,
    label:
      percent === null
        ? `Aucun relevé planifié ces ${FRESHNESS_DAYS} derniers jours`
        : `${percent} % des relevés faits à l'heure ces ${FRESHNESS_DAYS} derniers jours`,
  };
}

/**
 * Per shop, over the last 7 days of checks: success rate (readings among finished checks), median fetch time
 * (claim to end), and this month's paid requests and credits (fetch_usage, the provider's own count).
 */
export async function getShopStats(db: DbLike, workspaceId: string) {
  // the task's host column (hostOf, lower case) rather than parsing each check's URL; '' on tasks older than it
  const host = sql`(case when st.host <> '' then regexp_replace(st.host, '^www\\.', '') else ${shopOf(sql`st.url`)} end)`;
  const rows = await queryRowsWithoutJit<{
    shop: string;
    finished: number | string;
    succeeded: number | string;
    median_ms: number | string | null;
    requests: number | string | null;
    credits: string | null;
    urls: number | string | null;
  }>(
    db,
    sql`with stats as (
        select ${host} as shop, count(*) as finished, count(*) filter (where st.status = 'completed') as succeeded,
          percentile_cont(0.5) within group (order by extract(epoch from st.finished_at - st.started_at) * 1000)
            filter (where st.started_at is not null and st.finished_at is not null) as median_ms
        from scrape_tasks st
        where st.workspace_id = ${workspaceId} and st.status in ('completed', 'failed')
          and st.created_at >= now() - make_interval(days => ${FRESHNESS_DAYS})
        group by 1
      ), usage as (
        select host as shop, requests, credits from fetch_usage
        where workspace_id = ${workspaceId} and month = ${currentMonth()}::date
      ), urls as (
        select ${shopOf(sql`pu.url`)} as shop, count(*) as urls from product_urls pu
        where pu.workspace_id = ${workspaceId} group by 1
      )
      select coalesce(s.shop, u.shop, n.shop) as shop, s.finished, s.succeeded, s.median_ms, u.requests, u.credits,
        n.urls
      from stats s full join usage u on u.shop = s.shop full join urls n on n.shop = coalesce(s.shop, u.shop)
      order by n.urls desc nulls last, 1
      limit 200`,
  );
  return rows.map((r) => {
    const finished = Number(r.finished ?? 0);
    return {
      shop: r.shop,
      urls: Number(r.urls ?? 0),
      checks: finished,
      success_rate: finished > 0 ? Math.round((Number(r.succeeded ?? 0) / finished) * 100) : null,
      median_ms: r.median_ms === null ? null : Math.round(Number(r.median_ms)),
      paid_requests: Number(r.requests ?? 0),
      credits: Number(r.credits ?? 0),
    };
  });
}

/** The screen's header: counts per state, the freshness figure and the per-shop table. */
export async function getHealthSummary(db: DbLike, workspaceId: string) {
  const plan = await getWorkspacePlan(workspaceId, db);
  const [states, freshness, shops] = await Promise.all([
    countHealthStates(db, workspaceId, plan.hasAutomation),
    getFreshness(db, workspaceId, plan.hasAutomation),
    getShopStats(db, workspaceId),
  ]);
  return { states, total: states.reduce((n, s) => n + s.count, 0), freshness, shops };
}
