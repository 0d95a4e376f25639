/** Where a product opens in the app (alert e-mails, the market view): the one place to change it. */
export const productPath = (productId: string) => `/products?product=${encodeURIComponent(productId)}`;
