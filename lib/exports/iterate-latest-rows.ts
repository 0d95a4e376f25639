import type { DbLike } from "@/db";
import { getLatestReadings, readReadingOffers, totalWithShipping } from "@/lib/history";
import { toCents } from "@/lib/core/money";
import { inChunks, type TExportLatest, type TExportRow, type TExportUrl, type TExportUrls } from "./export-rows";

const URLS_PER_QUERY = 500;

/**
 * The latest retained reading of each URL of the slice: the copy its reader brought along (a catalogue page), else
 * two statements (product_urls' latest_* copy, then the readings' shipping and offers for the seller).
 */
async function readLatest(db: DbLike, slice: TExportUrl[], cutoff: Date | null) {
  const out = new Map<string, TExportLatest>();
  if (slice.every((u) => u.latest !== undefined)) {
    // the cutoff has whole milliseconds: a Date's truncation of latest_at keeps its order against it
    for (const u of slice) if (u.latest && (!cutoff || u.latest.createdAt >= cutoff)) out.set(u.id, u.latest);
    return out;
  }
  const latest = await getLatestReadings(
    db,
    slice.map((u) => u.id),
    { cutoff },
  );
  const details = await readReadingOffers(
    db,
    [...latest.values()].map((r) => r.id),
  );
  for (const [id, r] of latest) {
    const d = details.get(r.id);
    out.set(id, {
      price: r.price,
      currency: r.currency,
      available: r.available,
      createdAt: new Date(r.created_at),
      shipping: d?.shipping ?? null,
      seller: d?.seller ?? null,
    });
  }
  return out;
}

/** The latest retained reading of each URL, in the order given; a URL never read yet gives an empty row. */
export async function* iterateLatestRows(
  db: DbLike,
  urls: TExportUrls,
  cutoff: Date | null,
): AsyncGenerator<TExportRow> {
  for await (const slice of inChunks(urls, URLS_PER_QUERY)) {
    const latest = await readLatest(db, slice, cutoff);
    for (const url of slice) {
      const r = latest.get(url.id);
      yield {
        product: url.product,
        source: url.name,
        url: url.url,
        cents: r ? toCents(r.price) : null,
        currency: r?.currency?.trim() || null,
        available: r ? r.available : null,
        createdAt: r ? r.createdAt : null,
        seller: r ? r.seller : null,
        total: r ? totalWithShipping(r.price, r.shipping) : null,
      };
    }
  }
}
