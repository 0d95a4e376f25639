import { sql } from "drizzle-orm";
import { getDb, queryRowsWithoutJit } from "@/db";
import { getRetentionCutoff } from "@/lib/history";
import { toCents } from "@/lib/core/money";
import { changeCandidates, type TChangePick } from "./change-candidates";
import { domainOf, type TOffer, toOffer } from "./market-rules";
import type { TChangeKind } from "./schemas";

export type TMarketProduct = { id: string; name: string; myCents: number | null; urlIds: string[] };

const READING_KEYS = ["id", "price", "shipping", "seller", "currency", "available", "at"] as const;
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
    shipping: r[column.shipping] as string | null,
    seller: r[column.seller] as string | null,
    currency: r[column.currency] as string | null,
    available: !!r[column.available],
    at: when,
  };
}

/** A baseline reading's value, or the value of the correction that replaced it (a correction is not a move). */
const corrected = (column: "price" | "currency" | "available" | "shipping") =>
  sql.raw(`case when c.id is null then h.${column} else c.${column} end as ${column}`);

/**
 * The baseline's columns: a URL's previous value (`p_`) when it is the baseline (`known`: no reading id, none
 * needed), else the `b` probe's reading, or the `f` one's (`f` finds a row only when `b` finds none).
 */
const baselineCols = sql.raw(
  `${["id", "price", "shipping", "currency", "available", "at", "src"]
    .map((k) => {
      const column = k === "at" ? "created_at" : k;
      const known = k === "id" ? "0" : k === "src" ? "null::bigint" : `u.p_${k}`;
      return `case when u.known then ${known} else coalesce(b.${column}, f.${column}) end as b_${k}`;
    })
    .join(", ")}, not u.known and b.id is null as b_first`,
);

/** One probe of price_history_url_latest_idx (index-only): a URL's reading before or from `since`. */
function probe(where: ReturnType<typeof sql>, desc: boolean) {
  const order = sql.raw(desc ? "h.created_at desc, h.id desc" : "h.created_at, h.id");
  return sql`select h.id, ${corrected("price")}, ${corrected("shipping")}, ${corrected("currency")},
                    ${corrected("available")}, h.created_at, coalesce(c.id, h.id) as src
               from (select h.id, h.price, h.shipping, h.currency, h.available, h.created_at, h.corrected_by
                       from price_history h
                      where ${where}
                      order by ${order}
                      limit 1) h
               left join price_history c on c.id = h.corrected_by`;
}

/**
 * For the changes since `changes.since`: the workspace's products with a URL whose value began within the period
 * (product_urls.changed_at, its index: every reading of another URL since then shows its latest value, so it has
 * no change and its product no new cheapest merchant), those products' URLs with each one's latest retained
 * reading (product_urls' latest_* copy, its seller) and its baseline: its latest retained reading strictly before
 * `since` (one index-only probe of price_history_url_latest_idx per URL whose value began within the period; a
 * steady one's is its latest), or for a URL first read after it, its first reading from then on (one more probe,
 * only for those). Only the rows changeCandidates keeps reach Node.
 */
export async function loadMarket(workspaceId: string, changes: TChangePick, now: Date = new Date()) {
  const { since, basis } = changes;
  const db = await getDb();
  const { cutoff } = await getRetentionCutoff(workspaceId, db, now);
  const at = since.toISOString();
  const kept = cutoff ? sql`and h.created_at >= ${cutoff.toISOString()}::timestamptz` : sql``;
  // only ids and values flow through the classification; names and addresses join the few rows that reach Node
  const steady = cutoff
    ? sql`u.changed_at >= ${cutoff.toISOString()}::timestamptz and u.changed_at < ${at}::timestamptz`
    : sql`u.changed_at < ${at}::timestamptz`;
  // a URL whose value began within the period and the previous one before it (and, under a retention cutoff, not
  // before it: that run's first reading is retained) has that previous value as baseline: no probe
  const known = cutoff
    ? sql`u.changed_at >= ${at}::timestamptz and u.prev_changed_at < ${at}::timestamptz
          and u.prev_changed_at >= ${cutoff.toISOString()}::timestamptz`
    : sql`u.changed_at >= ${at}::timestamptz and u.prev_changed_at < ${at}::timestamptz`;
  // the URLs of the products that moved, each with its latest reading (l_) and whether it is steady: its value
  // began before the period and, under a retention cutoff, not before it (the run's first reading is a retained
  // reading before the period showing the latest value, which is then its baseline: no probe); or known (p_)
  const listed = sql`select u.product_id, u.id as url_id, u.latest_reading_id as l_id, u.latest_price as l_price,
                            u.latest_shipping as l_shipping, u.latest_seller as l_seller,
                            u.latest_currency as l_currency, u.latest_available as l_available,
                            u.latest_at as l_at, coalesce(${steady}, false) as steady,
                            coalesce(${known}, false) as known, u.prev_price as p_price,
                            u.prev_shipping as p_shipping, u.prev_seller as p_seller,
                            u.prev_currency as p_currency, u.prev_available as p_available,
                            u.prev_changed_at as p_at, u.name as url_name, u.url
                       from product_urls u
                      where u.product_id = any(array(select distinct m.product_id from product_urls m
                                                      where m.workspace_id = ${workspaceId}
                                                        and m.changed_at >= ${at}::timestamptz))
                        and u.workspace_id = ${workspaceId}`;
  // the others, probed for their baselines (over changeCandidates' `listed`)
  const probed = sql`select u.*, ${baselineCols}
                       from listed u
                       left join lateral (${probe(sql`not u.known and h.url_id = u.url_id ${kept} and h.created_at < ${at}::timestamptz`, true)}) b on true
                       left join lateral (${probe(sql`not u.known and b.id is null and h.url_id = u.url_id and h.created_at >= ${at}::timestamptz`, false)}) f on true
                      where not u.steady`;
  // a plan over every URL of a catalogue is estimated dear: compiling it (JIT) cost more than running it; the
  // materialized rows of 20,000 products' changes over a week (38,000 URLs) spill past 4 MB of work_mem
  const [picked] = await queryRowsWithoutJit<TPicked>(
    db,
    changeCandidates(workspaceId, { listed, probed }, cutoff, changes),
    16,
  );
  const rows = picked?.rows ?? [];
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
    if (latest) offers.set(url.id, toOffer(url, latest, basis));
    const baseline = readingOf(r, "b", null);
    if (baseline) (r.b_first ? firstRead : then).set(url.id, toOffer(url, baseline, basis));
    if (r.change_kind) kinds.set(url.id, r.change_kind);
  }
  const urlCounts = (kind: string) => Number(picked?.[`n_${kind}`] ?? 0);
  const listedUrls = Number(picked?.n_listed ?? 0);
  const found = { products: [...products.values()], offers, then, firstRead, kinds, cheapestMoved };
  return { db, cutoff, ...found, urlCounts, listedUrls };
}

/** A reference price of 0 is no reference: an index or a percentage of it means nothing. */
function positive(value: string | null): number | null {
  const cents = toCents(value);
  return cents !== null && cents > 0 ? cents : null;
}

export type TLoadedMarket = Awaited<ReturnType<typeof loadMarket>>;

export const offersOf = (p: TMarketProduct, offers: Map<string, TOffer>) =>
  p.urlIds.flatMap((id) => offers.get(id) ?? []);
