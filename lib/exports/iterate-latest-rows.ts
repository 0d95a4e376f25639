import { sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";
import { toCents } from "@/lib/history/money";
import type { TExportRow, TExportUrl } from "./export-rows";

type Row = { url_id: string; price: string | null; currency: string | null; available: boolean; created_at: Date | string };

const URLS_PER_QUERY = 500;

/** The latest retained reading of each URL, in the order given; a URL never read yet gives an empty row. */
export async function* iterateLatestRows(db: DbLike, urls: TExportUrl[], cutoff: Date | null): AsyncGenerator<TExportRow> {
  for (let start = 0; start < urls.length; start += URLS_PER_QUERY) {
    const slice = urls.slice(start, start + URLS_PER_QUERY);
    const ids = sql.join(
      slice.map((u) => sql`${u.id}::uuid`),
      sql`, `,
    );
    const rows = await queryRows<Row>(
      db,
      sql`select distinct on (url_id) url_id, price, currency, available, created_at
            from price_history
           where url_id in (${ids}) ${cutoff ? sql`and created_at >= ${cutoff.toISOString()}::timestamptz` : sql``}
           order by url_id, created_at desc, id desc`,
    );
    const latest = new Map(rows.map((r) => [r.url_id, r]));
    for (const url of slice) {
      const r = latest.get(url.id);
      yield {
        product: url.product,
        source: url.name,
        url: url.url,
        cents: r && r.available ? toCents(r.price) : null,
        currency: r?.currency?.trim() || null,
        available: r ? r.available : null,
        createdAt: r ? new Date(r.created_at) : null,
      };
    }
  }
}
