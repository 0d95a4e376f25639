// The public face of lib/flags: other domains import from here only (DESIGN §10).
export { describeFlag } from "./describe-flag";
export { listPriceFlags } from "./list-price-flags";
export { recordPriceFlags, syncFloorFlags } from "./record-price-flags";
