/**
 * The place of the 'Promotion suspecte' and price-floor flags in the market view (issue 17 point 4, branch
 * `promotions`, lib/promotions/): that branch renders its list here. Nothing is shown until then.
 */
export function PromotionFlagsSlot() {
  return null;
}
