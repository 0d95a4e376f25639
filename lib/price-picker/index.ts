// The public face of lib/price-picker: other domains import from here only (DESIGN §10).
export { listPriceCandidates } from "./list-price-candidates";
export { setPriceSource } from "./set-price-source";
