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

/** A URL's latest reading as product_urls' latest_* copy holds it (retention not applied). */
export type TExportLatest = {
  price: string | null;
  currency: string | null;
  available: boolean;
  createdAt: Date;
  shipping: string | null;
  seller: string | null;
};

/**
 * The URLs to export with their product name, already scoped to the owner; `latest` when the reader of the URLs
 * also read their latest_* copy (null: never read), so that the latest prices need no statement of their own.
 */
export type TExportUrl = { id: string; name: string; url: string; product?: string; latest?: TExportLatest | null };

/** The URLs of an export: a list (one product), or pages read as the file is streamed (the whole catalogue). */
export type TExportUrls = TExportUrl[] | AsyncIterable<TExportUrl[]>;

/** The URLs in order, `size` at a time, whatever their source: a page is read only when the previous is used. */
export async function* inChunks(urls: TExportUrls, size: number): AsyncGenerator<TExportUrl[]> {
  if (Array.isArray(urls)) {
    for (let i = 0; i < urls.length; i += size) yield urls.slice(i, i + size);
    return;
  }
  let chunk: TExportUrl[] = [];
  for await (const page of urls) {
    for (const url of page) {
      chunk.push(url);
      if (chunk.length === size) {
        yield chunk;
        chunk = [];
      }
    }
  }
  if (chunk.length) yield chunk;
}
