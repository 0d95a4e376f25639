/** One exported reading; `product` is set for the all-products exports. */
export type TExportRow = {
  product?: string;
  source: string;
  url: string;
  cents: number | null;
  currency: string | null;
  available: boolean | null;
  createdAt: Date | null;
  // The marketplace seller of the offer read, and price + stated shipping (null: shipping not stated).
  seller?: string | null;
  total?: string | null;
};

/** The URLs to export with their product name, already scoped to the owner. */
export type TExportUrl = { id: string; name: string; url: string; product?: string };
