// The public face of lib/history: other domains import from here only (DESIGN §10).
export { countRetainedReadings } from "./count-retained-readings";
export { getLatestReadings, latestOfUrlRow } from "./get-latest-readings";
export { getOwnedProductUrls } from "./get-owned-product-urls";
export { getProductComparison } from "./get-product-comparison";
export { getProductHistory } from "./get-product-history";
export { getRetentionCutoff } from "./get-retention-cutoff";
export { readReadingOffers, sellerOf, totalWithShipping } from "./reading-offers";
export type { TReadingOffer } from "./reading-offers";
