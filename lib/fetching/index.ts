// The public face of lib/fetching (how a shop's pages are fetched: access plans, providers, politeness): other domains
// import from here only (DESIGN §10).
export { getAccessSettings, setShopStrategy } from "./access-settings";
export { defaultHostLimits, lockHostSlots, markHostsStarted } from "./host-politeness";
export { planAccess, rememberPath, shopHost, type TAccess, type TFetchPath } from "./plan-access";
export { currentMonth } from "./provider-budget";
