// The public face of lib/health ('Santé des données'): other domains import from here only (DESIGN §10).
export { applyHealthFix, HEALTH_PAUSE_REASON } from "./apply-health-fix";
export { countHealthStates, getFreshness, getHealthSummary, getShopStats } from "./get-health-summary";
export { listHealthUrls } from "./list-health-urls";
export { summarizeBrokenUrls, type TBrokenUrlsSummary } from "./summarize-broken-urls";
