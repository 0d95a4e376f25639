/** The product's own page (a modal over the list when opened from it): the one link every screen and e-mail uses. */
export function productPath(productId: string): string {
  return `/products/${encodeURIComponent(productId)}`;
}
