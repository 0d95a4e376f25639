import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { getRetentionCutoff } from "@/lib/history";
import { toCents } from "@/lib/core/money";
import { changeCandidates, type TChangePick } from "./change-candidates";
import { domainOf, type TOffer, toOffer } from "./market-rules";
import type { TChangeKind } from "./schemas";

export type TMarketProduct = { id: string; name: string; myCents: number | null; urlIds: string[] };

const READING_KEYS = ["id", "price", "currency", "available", "at"] as const;
/** The column names of each prefix, built once (not a string per row and field). */
const COLUMNS = Object.fromEntries(
  (["l", "b"] as const).map((prefix) => [prefix, Object.fromEntries(READING_KEYS.map((k) => [k, `${prefix}_${k}`]))]),
) as Record<"l" | "b", Record<(typeof READING_KEYS)[number], string>>;
/**
 * The product and URL columns, then one reading per prefix: l_ (latest), b_ (the baseline: the latest before
 * `since`, or when there is none the first since then, `b_first`).
 */
type Row = {
  product_id: string;
  product_name: string;
  reference_price: string | null;
  url_id: string | null;
  url_name: string | null;
  url: string | null;
  b_first?: boolean | null;
  change_kind?: TChangeKind | null;
  cheapest_moved?: boolean | null;
} & Record<string, unknown>;

type TPicked = { rows: Row[] | null } & Record<string, unknown>;

/** The reading in the `prefix`_ columns of a row; null when absent or older than `cutoff` (retention). */
function readingOf(r: Row, prefix: "l" | "b", cutoff: Date | null) {
  const column = COLUMNS[prefix];
  const id = r[column.id];
  const at = r[column.at] as Date | string | null;
  if (id === null || at === null) return null;
  const when = at instanceof Date ? at : new Date(at);
  if (cutoff && when < cutoff) return null;
  return {
    id: Number(id),
    price: r[column.price] as string | null,
    currency: r[column.currency] as string | null,
    available: !!r[column.available],
    at: when,
  };
}

/** A baseline reading's value, or the value of the correction that replaced it (a correction is not a move). */
const corrected = (column: "price" | "currency" | "available") =>
  sql.raw(`case when c.id is null then h.${column} else c.${column} end as ${column}`);

/** The baseline's columns: the `b` probe's reading, or the `f` one's (`f` finds a row only when `b` finds none). */
const baselineCols = sql.raw(
  `${READING_KEYS.map((k) => {
    const column = k === "at" ? "created_at" : k;
    return `coalesce(b.${column}, f.${column}) as b_${k}`;
  }).join(", ")}, b.id is null as b_first`,
);

/**
 * The owner's products with their URLs and each URL's latest retained reading (product_urls' latest_* copy), in
 * one statement; products by name. With `changes`, the same statement also reads each URL's baseline for the
 * changes since `changes.since`: its latest retained reading strictly before it (one probe of
 * price_history_url_latest_idx per URL), or for a URL first read after it, its first reading from then on (one
 * more probe, only for those); and only the rows changeCandidates keeps reach Node.
 */
export async function loadMarket(workspaceId: string, changes?: TChangePick) {
  const since = changes?.since;
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db);
  const at = since?.toISOString();
  // products and URLs numbered in their order first: the probes then join to ~1,000 rows and nothing above them
  // sorts (the plan-check rule: no Sort over price_history)
  const listed = sql`(select p.id as product_id, p.name as product_name, p.reference_price, u.id, u.name, u.url,
                             u.latest_reading_id, u.latest_price, u.latest_currency, u.latest_available, u.latest_at,
                             row_number() over (order by p.name, p.id, u.name, u.id) as ord
                        from products p
                        left join product_urls u on u.product_id = p.id and u.workspace_id = p.workspace_id
                       where p.workspace_id = ${workspaceId}) u`;
  const baseline = since
    ? sql`, ${baselineCols}
          from ${listed}
          left join lateral (
            select h.id, ${corrected("price")}, ${corrected("currency")}, ${corrected("available")}, h.created_at
              from (select h.id, h.price, h.currency, h.available, h.created_at, h.corrected_by
                      from price_history h
                     where h.url_id = u.id
                       ${cutoff ? sql`and h.created_at >= ${cutoff.toISOString()}::timestamptz` : sql``}
                       and h.created_at < ${at}::timestamptz
                     order by h.created_at desc, h.id desc
                     limit 1) h
              left join price_history c on c.id = h.corrected_by
          ) b on true
          left join lateral (
            select h.id, ${corrected("price")}, ${corrected("currency")}, ${corrected("available")}, h.created_at
              from (select h.id, h.price, h.currency, h.available, h.created_at, h.corrected_by
                      from price_history h
                     where b.id is null and h.url_id = u.id and h.created_at >= ${at}::timestamptz
                     order by h.created_at, h.id
                     limit 1) h
              left join price_history c on c.id = h.corrected_by
          ) f on true`
    : sql` from ${listed}`;
  const select = sql`select u.product_id, u.product_name, u.reference_price, u.id as url_id, u.name as url_name,
                            u.url, u.latest_reading_id as l_id, u.latest_price as l_price,
                            u.latest_currency as l_currency, u.latest_available as l_available,
                            u.latest_at as l_at, u.ord ${baseline}`;
  const picked = changes ? (await queryRows<TPicked>(db, changeCandidates(select, cutoff, changes)))[0] : null;
  const rows = picked ? (picked.rows ?? []) : await queryRows<Row>(db, select);
  rows.sort((a, b) => Number(a.ord) - Number(b.ord));
  const products = new Map<string, TMarketProduct>();
  const offers = new Map<string, TOffer>();
  const then = new Map<string, TOffer>();
  const firstRead = new Map<string, TOffer>();
  const kinds = new Map<string, TChangeKind>();
  const cheapestMoved = new Set<string>();
  for (const r of rows) {
    if (r.cheapest_moved) cheapestMoved.add(r.product_id);
    let product = products.get(r.product_id);
    if (!product) {
      product = { id: r.product_id, name: r.product_name, myCents: positive(r.reference_price), urlIds: [] };
      products.set(r.product_id, product);
    }
    if (!r.url_id) continue;
    const href = r.url ?? "";
    // one parse of the address per URL, shared by its latest, before and first offers
    const url = { id: r.url_id, productId: r.product_id, name: r.url_name ?? "", url: href, domain: domainOf(href) };
    product.urlIds.push(url.id);
    const latest = readingOf(r, "l", cutoff);
    if (latest) offers.set(url.id, toOffer(url, latest));
    if (!since) continue;
    const baseline = readingOf(r, "b", null);
    if (baseline) (r.b_first ? firstRead : then).set(url.id, toOffer(url, baseline));
    if (r.change_kind) kinds.set(url.id, r.change_kind);
  }
  const urlCounts = (kind: string) => Number(picked?.[`n_${kind}`] ?? 0);
  return { db, cutoff, products: [...products.values()], offers, then, firstRead, kinds, cheapestMoved, urlCounts };
}

/** A reference price of 0 is no reference: an index or a percentage of it means nothing. */
function positive(value: string | null): number | null {
  const cents = toCents(value);
  return cents !== null && cents > 0 ? cents : null;
}

export type TLoadedMarket = Awaited<ReturnType<typeof loadMarket>>;

export const offersOf = (p: TMarketProduct, offers: Map<string, TOffer>) =>
  p.urlIds.flatMap((id) => offers.get(id) ?? []);
