/**
 * The SWR keys (GET paths) of the resources the server renders first: the hooks read them and the page's
 * fallback is keyed by them, so the two cannot drift apart. Plain constants: importable by server code.
 */
export const API_KEYS = {
  profile: "/api/users/me",
  stats: "/api/users/me/stats",
  subscription: "/api/subscriptions/my-subscription",
  alertPreferences: "/api/users/me/alert-preferences",
  reportPreferences: "/api/users/me/report-preferences",
  alertChannels: "/api/alert-channels",
  apiTokens: "/api/tokens",
  invoices: "/api/payments/invoices",
  team: "/api/workspaces/current/members",
  access: "/api/access",
  dataHealth: "/api/data-health",
} as const;

/** `?a=1&b=2` from the set values, in a stable order (one SWR key per filter state). */
export function queryString(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params).sort(([a], [b]) => a.localeCompare(b))) if (v) search.set(k, v);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The dashboard's market card: the summary of the products where I am dearer than the market (no lines). */
export const MARKET_SUMMARY_QUERY = { position: "dearer", sort: "gap_to_cheapest", limit: "0" } as const;
export const MARKET_SUMMARY_KEY = `/api/insights/overview${queryString(MARKET_SUMMARY_QUERY)}`;
