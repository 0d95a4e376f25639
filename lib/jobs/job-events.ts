// Names of the events the jobs exchange through Inngest (see job-definitions.ts).
export const SCRAPE_REQUESTED = "veilleprix/scrape.requested";
export const SCRAPE_CANCELLED = "veilleprix/scrape.cancelled";
export const PRICE_RECORDED = "veilleprix/price.recorded";
export const CHANNEL_DELIVERY_REQUESTED = "veilleprix/channel-delivery.requested";
export const IMPORT_REQUESTED = "veilleprix/import.requested";
export const EVIDENCE_REQUESTED = "veilleprix/evidence.requested";
export const FEED_RUN_REQUESTED = "veilleprix/feed-run.requested";
export const FLOOR_CHANGED = "veilleprix/product.floor-changed";
