// The public face of lib/insights (the market view's overview, changes and merchants): other domains import from here
// only (DESIGN §10).
export { exportOverview } from "./export-overview";
export { getChanges, type TChange } from "./get-changes";
export { getOverview, type TOverview } from "./get-overview";
export { buildTrendDay, workspacesToBuild } from "./build-trend-day";
export { foldMarketTallies } from "./fold-tallies";
export { readChanges } from "./change-snapshots";
export { refreshChangeSnapshots } from "./refresh-change-snapshots";
