import { sql } from "drizzle-orm";
import { type DbLike, getDb, queryRows } from "@/db";
import { getRetentionCutoff, getOwnedProductUrls } from "@/lib/history";
import { rateLimit } from "@/lib/core/rate-limit";
import type { TExportLatest, TExportUrl, TExportUrls } from "./export-rows";

const PRODUCTS_PER_PAGE = 500;

type TPageRow = {
  product_id: string;
  product: string;
  id: string | null;
  name: string | null;
  url: string | null;
  latest_reading_id: string | number | null;
  latest_price: string | null;
  latest_currency: string | null;
  latest_available: boolean | null;
  latest_at: Date | string | null;
  latest_shipping: string | null;
  latest_seller: string | null;
};

const latestOf = (r: TPageRow): TExportLatest | null =>
  r.latest_reading_id === null || r.latest_at === null
    ? null
    : {
        price: r.latest_price,
        currency: r.latest_currency,
        available: r.latest_available ?? false,
        createdAt: new Date(r.latest_at),
        shipping: r.latest_shipping,
        seller: r.latest_seller,
      };

/**
 * The workspace's URLs in the exports' order (product name and id, then source name and id) with their latest_*
 * copy (the latest prices need no other statement), read by keyset pages of products
 * (products_workspace_export_idx) each time the stream needs more: the first bytes come after one page and memory
 * holds one page, whatever the catalogue's size. Each iteration reads afresh.
 */
function catalogueUrls(db: DbLike, workspaceId: string): AsyncIterable<TExportUrl[]> {
  return {
    async *[Symbol.asyncIterator]() {
      let after: { name: string; id: string } | null = null;
      for (;;) {
        const rows: TPageRow[] = await queryRows<TPageRow>(
          db,
          sql`with p as (
                select id, name from products
                 where workspace_id = ${workspaceId}
                   ${after === null ? sql`` : sql`and (name, id) > (${after.name}, ${after.id}::uuid)`}
                 order by name, id
                 limit ${PRODUCTS_PER_PAGE}
              )
              select p.id as product_id, p.name as product, u.*
                from p
                -- a probe per product (product_urls_product_url_unique), not a join over the workspace's URLs
                left join lateral (
                  select u.id, u.name, u.url, u.latest_reading_id, u.latest_price, u.latest_currency,
                         u.latest_available, u.latest_at, u.latest_shipping, u.latest_seller
                    from product_urls u
                   where u.product_id = p.id and u.workspace_id = ${workspaceId}
                   order by u.name, u.id
                ) u on true
               order by p.name, p.id, u.name, u.id`,
        );
        // a product without URLs has one row of nulls: no line, but it counts in the page and may end it
        yield rows.flatMap((r) =>
          r.id === null ? [] : [{ id: r.id, name: r.name!, url: r.url!, product: r.product, latest: latestOf(r) }],
        );
        if (new Set(rows.map((r) => r.product_id)).size < PRODUCTS_PER_PAGE) return;
        const last = rows.at(-1)!;
        after = { name: last.product, id: last.product_id };
      }
    },
  };
}

/**
 * What an export may read: the owner's product (or all their products when productId is null), its URLs
 * and the plan's retention cut-off. Runs before any byte is streamed, so a foreign product is a clean 404.
 */
export async function loadExportScope(
  workspaceId: string,
  productId: string | null,
): Promise<{ db: DbLike; cutoff: Date | null; productName: string | null; urls: TExportUrls }> {
  // an export reads the whole retained history: at most 30 a minute per user
  await rateLimit(`export:${workspaceId}`, 30, 60_000);
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db);
  if (productId !== null) {
    const { product, urls } = await getOwnedProductUrls(db, workspaceId, productId);
    return { db, cutoff, productName: product.name, urls: urls satisfies TExportUrl[] };
  }
  return { db, cutoff, productName: null, urls: catalogueUrls(db, workspaceId) };
}
