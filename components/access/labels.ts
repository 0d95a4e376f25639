import type { FETCH_PATHS, SHOP_STRATEGIES } from "@/db/schema";

export { PROVIDER_NAMES as PROVIDER_LABELS } from "@/lib/fetching/schemas";

export const STRATEGY_LABELS: Record<(typeof SHOP_STRATEGIES)[number], string> = {
  auto: "Automatique",
  direct: "Direct",
  browser: "Navigateur",
  proxy: "Proxy",
  provider: "API de scraping",
};

export const PATH_LABELS: Record<(typeof FETCH_PATHS)[number], string> = {
  direct: "Direct",
  browser: "Navigateur",
  proxy: "Proxy",
  provider: "API de scraping",
};

export const formatCredits = (n: number) => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }).format(n);
