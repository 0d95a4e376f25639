import { sql, type SQL } from "drizzle-orm";
import { effectivePeriodMs, type TTrackingFrequency } from "@/lib/jobs";

// SQL pieces shared by the data-health queries (one definition of a shop, a period and a URL's state).

/** The shop of a URL column: its host, lower case, without "www." (as shopHost in lib/fetching/plan-access). */
export const shopOf = (url: SQL) =>
  sql`regexp_replace(lower(substring(${url}, '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/]*@)?([^/:?#]+)')), '^www\\.', '')`;

/** A frequency's period as applied (effectivePeriodMs: hourly needs a plan with automation), in whole hours. */
const periodInterval = (frequency: TTrackingFrequency, hasAutomation: boolean) =>
  sql.raw(`interval '${effectivePeriodMs(frequency, hasAutomation) / 3_600_000} hours'`);

/**
 * The period actually applied to a URL, in whole hours (not days): a last check plus it keeps the order of the last
 * checks whatever the session's time zone (lib/health/due-order.ts pages on that sum). Given a frequency name, the
 * period of that frequency; given a column, a case over the three.
 */
export const periodOf = (frequency: SQL | TTrackingFrequency, hasAutomation: boolean) =>
  typeof frequency === "string"
    ? periodInterval(frequency, hasAutomation)
    : sql`(case ${frequency} when 'hourly' then ${periodInterval("hourly", hasAutomation)}
        when 'daily' then ${periodInterval("daily", hasAutomation)} else ${periodInterval("weekly", hasAutomation)} end)`;

/** The grace after a due check: a quarter of the period (15 min hourly, 6 h daily, 42 h weekly). */
export const GRACE_FRACTION = 0.25;

/**
 * A URL's state, first match wins: en pause, bloqué (bot wall), introuvable (no price, page gone or unreachable),
 * prix incertain, règle perdue (the user's rule no longer finds the price), en retard (no check for a period plus
 * the grace), à jour.
 */
export function stateOf(pu: string, hasAutomation: boolean) {
  const c = (name: string) => sql.raw(`${pu}.${name}`);
  const period = periodOf(c("tracking_frequency"), hasAutomation);
  return sql`(case
    when ${c("paused")} then 'paused'
    when ${c("last_status")} = 'blocked' then 'blocked'
    when ${c("last_status")} in ('no_price', 'unreachable', 'error') then 'not_found'
    when ${c("last_status")} = 'uncertain' then 'uncertain'
    when ${c("selector_lost_at")} is not null then 'rule_lost'
    when coalesce(${c("last_checked_at")}, ${c("created_at")}) < now() - ${period} * ${1 + GRACE_FRACTION}::float8
      then 'late'
    else 'up_to_date' end)`;
}

/**
 * The 'late' state of stateOf through product_urls_workspace_late_idx: its predicate (the URLs no earlier state
 * takes, repeated for the planner) and one range per frequency of coalesce(last_checked_at, created_at) below its
 * threshold, the same bound as stateOf's. Equal to `stateOf(pu) = 'late'` for the frequencies of
 * TRACKING_FREQUENCIES (tests/integration/data-health-rollups.test.ts).
 */
export function isLate(pu: string, hasAutomation: boolean) {
  const c = (name: string) => sql.raw(`${pu}.${name}`);
  const range = (frequency: TTrackingFrequency) =>
    sql`(${c("tracking_frequency")} = ${sql.raw(`'${frequency}'`)} and ${lateBound(pu, frequency, hasAutomation)})`;
  return sql`(${inLateIndex(pu)} and (${range("hourly")} or ${range("daily")} or ${range("weekly")}))`;
}

/** Among the late index's URLs of one frequency, the late ones (a last check before stateOf's bound), or the rest. */
export const lateBound = (pu: string, frequency: TTrackingFrequency, hasAutomation: boolean, late = true) =>
  sql`coalesce(${sql.raw(`${pu}.last_checked_at`)}, ${sql.raw(`${pu}.created_at`)}) ${sql.raw(late ? "<" : ">=")} now() - ${periodOf(
    frequency,
    hasAutomation,
  )} * ${1 + GRACE_FRACTION}::float8`;

/** The late index's predicate: the URLs whose state is 'late' or 'à jour' (no earlier state of stateOf takes). */
export const inLateIndex = (pu: string) =>
  sql.raw(
    `(not ${pu}.paused and ${pu}.last_status not in ('blocked', 'no_price', 'unreachable', 'error', 'uncertain') and ${pu}.selector_lost_at is null)`,
  );

/** States found only among the URLs of product_urls_workspace_broken_idx (its predicate, repeated for the planner). */
export const BROKEN_INDEX_STATES = ["paused", "blocked", "not_found", "uncertain", "rule_lost"];
export const inBrokenIndex = (pu: string) =>
  sql.raw(`(${pu}.paused or ${pu}.last_status not in ('ok', 'pending') or ${pu}.selector_lost_at is not null)`);

/**
 * stateOf's first five branches, null for the URLs they leave to 'late' or 'à jour': exactly the expression of
 * product_urls_workspace_broken_state_idx (db/schema/products.ts, and of the statistics of migration 0044), so
 * that `brokenStateOf(pu) = <state>` is one range of it in id order.
 */
export function brokenStateOf(pu: string) {
  const c = (name: string) => `${pu}.${name}`;
  return sql.raw(`(case when ${c("paused")} then 'paused' when ${c("last_status")} = 'blocked' then 'blocked'
    when ${c("last_status")} in ('no_price', 'unreachable', 'error') then 'not_found'
    when ${c("last_status")} = 'uncertain' then 'uncertain' when ${c("selector_lost_at")} is not null then 'rule_lost' end)`);
}
