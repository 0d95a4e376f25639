import { sql } from "drizzle-orm";
import { queryRowsWithoutJit, type DbLike } from "@/db";
import { getWorkspacePlan } from "@/lib/billing";
import { currentMonth } from "@/lib/fetching";
import { BROKEN_INDEX_STATES, GRACE_FRACTION, inBrokenIndex, isLate, periodOf } from "./health-sql";
import { HEALTH_STATE_LABELS, HEALTH_STATES, type THealthState } from "./schemas";

export const FRESHNESS_DAYS = 7;

/**
 * URLs per state, all states listed (0 when none), read without visiting the workspace's every URL: the states
 * before 'late' from product_urls_workspace_state_idx (the URLs that need a fix), 'late' from one range per
 * frequency of product_urls_workspace_late_idx, 'à jour' the rest of the workspace's URLs (workspace_counts'
 * tracked URLs and the paused ones). Every aggregate of the screen is planned without JIT.
 */
export async function countHealthStates(db: DbLike, workspaceId: string, hasAutomation: boolean) {
  // the states before 'late' (stateOf's first branches) from the columns of product_urls_workspace_state_idx only
  const [row] = await queryRowsWithoutJit<Record<string, number | string | null>>(
    db,
    sql`select b.*,
        (select count(*) from product_urls pu where pu.workspace_id = ${workspaceId} and ${isLate("pu", hasAutomation)})
          as late,
        (select c.active_urls from workspace_counts c where c.workspace_id = ${workspaceId}) as active
      from (select count(*) filter (where pu.paused) as paused,
          count(*) filter (where not pu.paused and pu.last_status = 'blocked') as blocked,
          count(*) filter (where not pu.paused and pu.last_status in ('no_price', 'unreachable', 'error')) as not_found,
          count(*) filter (where not pu.paused and pu.last_status = 'uncertain') as uncertain,
          count(*) filter (where not pu.paused and pu.last_status not in ('blocked', 'no_price', 'unreachable', 'error',
            'uncertain') and pu.selector_lost_at is not null) as rule_lost
        from product_urls pu where pu.workspace_id = ${workspaceId} and ${inBrokenIndex("pu")}) b`,
  );
  const counts = new Map<THealthState, number>(
    BROKEN_INDEX_STATES.map((state) => [state as THealthState, Number(row?.[state] ?? 0)]),
  );
  counts.set("late", Number(row?.late ?? 0));
  // every URL not paused is tracked; the broken states but 'paused' and 'late' are among them
  const others = ["blocked", "not_found", "uncertain", "rule_lost", "late"] as const;
  counts.set("up_to_date", Number(row?.active ?? 0) - others.reduce((n, s) => n + (counts.get(s) ?? 0), 0));
  return HEALTH_STATES.map((state) => ({ state, label: HEALTH_STATE_LABELS[state], count: counts.get(state) ?? 0 }));
}

/** The first UTC day of the 7 the screen reads (shop_check_days' days): the freshness and per-shop figures. */
const WINDOW_DAY = sql.raw(`(((now() at time zone 'UTC')::date - ${FRESHNESS_DAYS - 1})::date)`);

/**
 * The scheduled checks of the last 7 days (this UTC day and the 6 before) done on time. A scheduled check (scrape
 * task of trigger 'schedule') is due one period after the URL's previous reading, its latest when the sweep
 * queued the check (or when it was queued, when there is none or it is older than two periods: a paused or new
 * URL); it is on time when its reading is recorded by then plus the grace (a quarter of the period). Failed
 * checks are late. The finished ones are counted by shop_check_days when they finish (the URL's period then);
 * the few not finished yet count once their deadline has passed (scrape_tasks_workspace_waiting_idx).
 */
export async function getFreshness(db: DbLike, workspaceId: string, hasAutomation: boolean) {
  const period = periodOf(sql`pu.tracking_frequency`, hasAutomation);
  const [row] = await queryRowsWithoutJit<{ on_time: number | string; due: number | string }>(
    db,
    // the previous reading as the sweep recorded it; for a check queued before it did, one probe of the history
    sql`with t as (
        select st.created_at, ${period} as period,
          case when st.metadata ? 'prev_reading_at' then (st.metadata->>'prev_reading_at')::timestamptz
            else prev.created_at end as prev
        from scrape_tasks st
          -- one primary-key probe per waiting check (a join may read every URL of the workspace instead)
          join lateral (select u.tracking_frequency from product_urls u where u.id = st.url_id limit 1) pu on true
          left join lateral (select ph.created_at from price_history ph
            where not st.metadata ? 'prev_reading_at' and ph.url_id = st.url_id and ph.created_at < st.created_at
            order by ph.created_at desc limit 1) prev on true
        where st.workspace_id = ${workspaceId} and st.status in ('pending', 'processing', 'retry')
          and st.trigger = 'schedule' and st.created_at >= ${WINDOW_DAY}::timestamp at time zone 'UTC'
      ), waiting as (
        select count(*) as n from t
        where (case when prev is null or prev < created_at - 2 * period then created_at else prev + period end)
          + period * ${GRACE_FRACTION}::float8 < now()
      ), done as (
        select coalesce(sum(d.on_time), 0) as on_time, coalesce(sum(d.scheduled), 0) as due from shop_check_days d
        where d.workspace_id = ${workspaceId} and d.day >= ${WINDOW_DAY}
      )
      select done.on_time, done.due + waiting.n as due from done, waiting`,
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
 * Per shop, over the checks of the last 7 days (shop_check_days): success rate (readings among finished checks),
 * median fetch time (claim to end; from fetch times rounded down to 2 significant digits, so at most 10 % under
 * the exact median), and this month's paid requests and credits (fetch_usage, the provider's own count); the
 * shops in order of their URLs (shop_url_counts).
 */
export async function getShopStats(db: DbLike, workspaceId: string) {
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
    // the median as percentile_cont(0.5): between the values of ranks floor and ceil of (n - 1) / 2
    sql`with days as (
        select d.shop, d.checks, d.succeeded, d.durations from shop_check_days d
        where d.workspace_id = ${workspaceId} and d.day >= ${WINDOW_DAY}
      ), buckets as (
        select d.shop, e.key::int as ms, sum(e.value::int) as n from days d, jsonb_each_text(d.durations) e group by 1, 2
      ), ranked as (
        select shop, ms, sum(n) over (partition by shop order by ms) as upto, sum(n) over (partition by shop) as total
        from buckets
      ), medians as (
        select shop, min(ms) filter (where upto > floor((total - 1) / 2.0)) as lo,
          min(ms) filter (where upto > ceil((total - 1) / 2.0)) as hi, max(total) as total
        from ranked group by shop
      ), stats as (
        select nullif(d.shop, '') as shop, sum(d.checks) as finished, sum(d.succeeded) as succeeded,
          min(m.lo + ((m.total - 1) / 2.0 - floor((m.total - 1) / 2.0)) * (m.hi - m.lo)) as median_ms
        from days d left join medians m on m.shop = d.shop
        group by d.shop
      ), usage as (
        select host as shop, requests, credits from fetch_usage
        where workspace_id = ${workspaceId} and month = ${currentMonth()}::date
      ), urls as (
        select nullif(c.shop, '') as shop, c.urls from shop_url_counts c where c.workspace_id = ${workspaceId} and c.urls > 0
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
