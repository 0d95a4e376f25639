import type { DbLike } from "@/db";
import { getLatestReadings, readReadingOffers, totalWithShipping } from "@/lib/history";
import { toCents } from "@/lib/core/money";
import { inChunks, type TExportRow, type TExportUrls } from "./export-rows";

const URLS_PER_QUERY = 500;

/** The latest retained reading of each URL, in the order given; a URL never read yet gives an empty row. */
export async function* iterateLatestRows(
  db: DbLike,
  urls: TExportUrls,
  cutoff: Date | null,
): AsyncGenerator<TExportRow> {
  for await (const slice of inChunks(urls, URLS_PER_QUERY)) {
    const latest = await getLatestReadings(
      db,
      slice.map((u) => u.id),
      { cutoff },
    );
    const details = await readReadingOffers(
      db,
      [...latest.values()].map((r) => r.id),
    );
    for (const url of slice) {
      const r = latest.get(url.id);
      const d = r ? details.get(r.id) : undefined;
      yield {
        product: url.product,
        source: url.name,
        url: url.url,
        cents: r ? toCents(r.price) : null,
        currency: r?.currency?.trim() || null,
        available: r ? r.available : null,
        createdAt: r ? new Date(r.created_at) : null,
        seller: d?.seller ?? null,
        total: r ? totalWithShipping(r.price, d?.shipping ?? null) : null,
      };
    }
  }
}
