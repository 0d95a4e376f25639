import { API_KEYS, MARKET_SUMMARY_KEY, MARKET_SUMMARY_QUERY } from "@/client/api-keys";
import { getDb } from "@/db";
import { getAccessSettings } from "@/lib/fetching";
import { getAlertPreferences } from "@/lib/alerts";
import { listAlertChannels } from "@/lib/alerts";
import { listApiTokens } from "@/lib/api-tokens";
import { getUserStats, presentProfile, type TAuthUser } from "@/lib/auth";
import { listInvoices, getCurrentSubscription } from "@/lib/billing";
import { withRequestMemo } from "@/lib/core/request-memo";
import { getOverview, type TOverview } from "@/lib/insights";
import { ZOverviewQuery } from "@/lib/insights/schemas";
import { getReportPreferences } from "@/lib/reports";
import { listTeam } from "@/lib/team";

/** SWR fallback: what each GET path of the dashboard's cards would answer, as JSON. */
export type TDashboardFallback = Record<string, unknown>;

/** JSON as the API answers it: dates become ISO strings. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null));

/**
 * The dashboard cards' first data, loaded in parallel by the functions their API routes call (one memo
 * scope, as for a GET: the plan is read once) and keyed by the hooks' paths. A card whose load fails is left
 * out: its hook fetches it in the browser and shows its own error. The market card's summary covers the whole
 * catalogue (its cost grows with it): started with the others but not awaited, the page streams it after
 * the cards (null when it fails).
 */
export async function loadDashboard(
  user: TAuthUser,
): Promise<{ fallback: TDashboardFallback; marketSummary: Promise<TOverview | null> }> {
  const marketSummary = getOverview(user.workspaceId, ZOverviewQuery.parse(MARKET_SUMMARY_QUERY)).then(
    asJson,
    (error: unknown) => {
      console.error(`[dashboard] premier rendu sans ${MARKET_SUMMARY_KEY}`, error);
      return null;
    },
  );
  const loads: [string, () => Promise<unknown>][] = [
    [API_KEYS.profile, async () => presentProfile(user)],
    [API_KEYS.stats, () => getUserStats(user.workspaceId)],
    [API_KEYS.subscription, () => getCurrentSubscription(user.workspaceId)],
    [API_KEYS.alertPreferences, () => getAlertPreferences(user)],
    [API_KEYS.reportPreferences, () => getReportPreferences(user)],
    [API_KEYS.alertChannels, () => listAlertChannels(user.workspaceId)],
    [API_KEYS.apiTokens, () => listApiTokens(user)],
    [API_KEYS.team, () => listTeam(user)],
    [API_KEYS.access, async () => getAccessSettings(await getDb(), user.workspaceId)],
  ];
  // billing is the owner's: other members' pages neither show nor load it
  if (user.role === "owner") loads.push([API_KEYS.invoices, () => listInvoices(user.workspaceId)]);
  const settled = await withRequestMemo(() => Promise.allSettled(loads.map(([, load]) => load())));
  const fallback: TDashboardFallback = {};
  settled.forEach((result, i) => {
    if (result.status === "rejected") {
      console.error(`[dashboard] premier rendu sans ${loads[i][0]}`, result.reason);
      return;
    }
    // dates become ISO strings exactly as in the JSON answers the hooks would otherwise fetch
    fallback[loads[i][0]] = asJson(result.value);
  });
  return { fallback, marketSummary };
}
