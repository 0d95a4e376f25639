import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

export const TRACKING_FREQUENCIES = ["hourly", "daily", "weekly"] as const;
export const URL_STATUSES = [
  "pending",
  "ok",
  "no_price",
  "uncertain",
  "blocked",
  "unreachable",
  "error",
  "paused",
] as const;

/**
 * The accent- and case-folding of the products search (lowercase, French accents and ligatures removed), an
 * immutable expression so that it can feed a generated column; lib/products/fold-search.ts folds the typed
 * text with the same table.
 */
export const FOLD_FROM = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿ";
export const FOLD_TO = "aaaaaaceeeeiiiinooooouuuuyy";
const fold = (text: string) =>
  `translate(replace(replace(lower(${text}), 'œ', 'oe'), 'æ', 'ae'), '${FOLD_FROM}', '${FOLD_TO}')`;

/**
 * A URL's merchant for the 'Vue marché' merchants (lib/insights/get-merchants.ts), computed once per write: the
 * domain is the URL's host in lower case without 'www.' (the URL's text when it has none: market-rules
 * domainOf); `own` is the source's name (trimmed, lower case, spaces folded, 'www.' dropped) when it is one of
 * its own, '' when it only repeats the domain ('Darty', 'darty.com' on darty.com).
 */
const MERCHANT_DOMAIN = `coalesce(nullif(regexp_replace(lower(substring("url" from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\\[[^]]*\\]|[^/?#:]*)')), '^www\\.', ''), ''), "url")`;
const MERCHANT_NAME = `regexp_replace(regexp_replace(lower(regexp_replace("name", '^\\s+|\\s+$', '', 'g')), '\\s+', ' ', 'g'), '^www\\.', '')`;
const MERCHANT_OWN = `case when ${MERCHANT_NAME} in ('', ${MERCHANT_DOMAIN}, split_part(${MERCHANT_DOMAIN}, '.', 1)) then '' else ${MERCHANT_NAME} end`;

/**
 * Writing a product also writes, in the same statement, through triggers: workspace_counts (its workspace's
 * product count, migration 0035) and product_facets (its brand, category and tags, migration 0038), both only
 * when what they count changes; the sparkline, trend_version and URL summary columns below are the triggers' own.
 */
export const products = pgTable(
  "products",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: varchar({ length: 200 }).notNull(),
    description: text(),
    referencePrice: numeric({ precision: 12, scale: 2 }),
    // Prix minimum annoncé: a monitoring threshold (resellers below it are flagged), never a price imposed on anyone.
    minAdvertisedPrice: numeric({ precision: 12, scale: 2 }),
    // Identity (lib/products/identity.ts). The GTINs are rows of product_gtins, for the lookup by code.
    sku: varchar({ length: 100 }),
    brand: varchar({ length: 200 }),
    mpn: varchar({ length: 100 }),
    // 'Maison > Cuisine > Robots', segments trimmed and joined by ' > ': a prefix filter is an index range.
    category: varchar({ length: 500 }),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    imageUrl: varchar({ length: 2048 }),
    costPrice: numeric({ precision: 12, scale: 2 }),
    // The card's sparkline: the lowest price (cents, EUR) of each of the 30 Europe/Paris days starting at
    // sparkline_from, null on a day without one. Kept by the triggers of the charts-sparkline migration when
    // price_daily or the product's URLs change; the list shifts it to today. Never written by the app.
    sparklineFrom: date({ mode: "string" }),
    sparkline: integer().array(),
    // Bumped by the triggers of the market-trend migration whenever what a past day's market average reads can
    // change (price_daily of a day before today, a URL leaving the product); market_trend rows of another
    // version are stale. Never written by the app.
    trendVersion: integer().notNull().default(0),
    // The list's summary of the product's URLs (lib/products/summary.md): kept by the triggers of the
    // products-list migration on product_urls and product_gtins; never written by the app.
    urlCount: integer().notNull().default(0),
    lowestPrice: numeric({ precision: 12, scale: 2 }),
    uncertainCount: integer().notNull().default(0),
    pausedCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    blockedCount: integer().notNull().default(0),
    lastChangeAt: timestamp({ withTimezone: true }),
    gtinCodes: text().notNull().default(""),
    searchText: text().generatedAlwaysAs(
      (): SQL =>
        sql.raw(
          fold(
            `"name" || ' ' || coalesce("sku", '') || ' ' || coalesce("brand", '') || ' ' || coalesce("mpn", '') || ' ' || "gtin_codes"`,
          ),
        ),
    ),
    nameKey: text().generatedAlwaysAs((): SQL => sql.raw(fold(`"name"`))),
    // (my price − cheapest) / cheapest in basis points, null without both; position as lib/insights positionOf
    gapBp: integer().generatedAlwaysAs(
      (): SQL =>
        sql.raw(
          `case when "reference_price" > 0 and "lowest_price" > 0 then round(("reference_price" - "lowest_price") * 10000 / "lowest_price")::integer end`,
        ),
    ),
    position: text().generatedAlwaysAs(
      (): SQL =>
        sql.raw(
          `case when coalesce("reference_price", 0) = 0 then null when "lowest_price" is null then 'no_market' when abs("reference_price" - "lowest_price") * 100 <= "lowest_price" then 'aligned' when "reference_price" < "lowest_price" then 'cheapest' else 'dearer' end`,
        ),
    ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id),
    // the list's sorts (lib/products/list-products.ts): one index range each, nulls last in both directions
    index("products_workspace_name_idx").on(t.workspaceId, t.nameKey, t.id),
    // the all-products exports' order (lib/exports/load-export-scope.ts): keyset pages by name as written
    index("products_workspace_export_idx").on(t.workspaceId, t.name, t.id),
    index("products_workspace_gap_asc_idx").on(t.workspaceId, sql`coalesce(${t.gapBp}, 2147483647)`, t.id),
    index("products_workspace_gap_desc_idx").on(t.workspaceId, sql`coalesce(${t.gapBp}, -2147483648)`, t.id),
    index("products_workspace_price_asc_idx").on(t.workspaceId, sql`coalesce(${t.lowestPrice}, 'Infinity')`, t.id),
    index("products_workspace_price_desc_idx").on(t.workspaceId, sql`coalesce(${t.lowestPrice}, '-Infinity')`, t.id),
    index("products_workspace_change_asc_idx").on(t.workspaceId, sql`coalesce(${t.lastChangeAt}, 'infinity')`, t.id),
    index("products_workspace_change_desc_idx").on(t.workspaceId, sql`coalesce(${t.lastChangeAt}, '-infinity')`, t.id),
    index("products_workspace_position_idx").on(t.workspaceId, t.position),
    // the status filters: small parts of a catalogue, each its own partial index
    index("products_uncertain_idx").on(t.workspaceId, t.createdAt, t.id).where(sql`${t.uncertainCount} > 0`),
    index("products_blocked_idx").on(t.workspaceId, t.createdAt, t.id).where(sql`${t.blockedCount} > 0`),
    index("products_failing_idx").on(t.workspaceId, t.createdAt, t.id).where(sql`${t.failedCount} > 0`),
    index("products_paused_idx").on(t.workspaceId, t.createdAt, t.id).where(sql`${t.pausedCount} > 0`),
    index("products_no_url_idx").on(t.workspaceId, t.createdAt, t.id).where(sql`${t.urlCount} = 0`),
    index("products_workspace_brand_idx").on(t.workspaceId, t.brand).where(sql`${t.brand} is not null`),
    index("products_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // one SKU per workspace; a concurrent duplicate is refused here (409 duplicate_sku)
    uniqueIndex("products_workspace_sku_unique").on(t.workspaceId, t.sku).where(sql`${t.sku} is not null`),
    index("products_workspace_category_idx")
      .on(t.workspaceId, t.category.op("text_pattern_ops"))
      .where(sql`${t.category} is not null`),
    index("products_tags_idx").using("gin", t.tags),
    check("products_cost_price_check", sql`${t.costPrice} >= 0`),
  ],
);

/** A product's EAN/GTIN codes: `gtin` is the 14-digit key (zeros on the left), `code` the digits as given. */
export const productGtins = pgTable(
  "product_gtins",
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    gtin: char({ length: 14 }).notNull(),
    code: varchar({ length: 14 }).notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.gtin] }),
    // the lookup of a workspace's products by EAN is one index range
    index("product_gtins_workspace_gtin_idx").on(t.workspaceId, t.gtin),
  ],
);

export const productUrls = pgTable(
  "product_urls",
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text().notNull(),
    url: varchar({ length: 2048 }).notNull(),
    merchantDomain: text().generatedAlwaysAs((): SQL => sql.raw(MERCHANT_DOMAIN)),
    merchantOwn: text().generatedAlwaysAs((): SQL => sql.raw(MERCHANT_OWN)),
    trackingFrequency: text({ enum: TRACKING_FREQUENCIES }).notNull().default("daily"),
    selector: text(),
    fetchMode: text({ enum: ["auto", "static", "browser"] })
      .notNull()
      .default("auto"),
    nextCheckAt: timestamp({ withTimezone: true }),
    lastCheckedAt: timestamp({ withTimezone: true }),
    lastStatus: text({ enum: URL_STATUSES }).notNull().default("pending"),
    lastError: text(),
    consecutiveFailures: integer().notNull().default(0),
    paused: boolean().notNull().default(false),
    pausedReason: text(),
    // The prices found by the last scrape, for the price picker (bounded list, see presentCandidates).
    candidates: jsonb(),
    // Set when the user's price rule (selector) stopped finding a price and the automatic one was used.
    selectorLostAt: timestamp({ withTimezone: true }),
    // The reading shown when the user chose another price on the page: the next reading corrects it (and the
    // readings before it that showed the same value), then the trigger of migration 0012 clears this.
    correctingId: bigint({ mode: "number" }),
    // A copy of the URL's latest price_history row (newest created_at, then id), null when none. Kept by the
    // price_history triggers of migration 0005 in the inserting/deleting transaction; never written by the app.
    latestReadingId: bigint({ mode: "number" }),
    latestPrice: numeric({ precision: 12, scale: 2 }),
    latestCurrency: char({ length: 3 }),
    latestAvailable: boolean(),
    latestRegularPrice: numeric({ precision: 12, scale: 2 }),
    latestShipping: numeric({ precision: 12, scale: 2 }),
    latestAt: timestamp({ withTimezone: true }),
    // The latest reading's seller (lib/history sellerOf, in SQL reading_seller), and when the URL's current value
    // (price, currency, availability, shipping, seller, corrections applied) began: the created_at of the first
    // reading of the run of readings showing it, or of the URL's first reading. Every reading from then on shows
    // the latest value, so no change since an instant after it is possible (lib/insights/load-market.ts). Kept
    // by the price_history triggers of migration 0034; never written by the app.
    latestSeller: text(),
    changedAt: timestamp({ withTimezone: true }),
    // The value before the current one (corrections applied) and when it began (the first reading of its run),
    // null without an earlier value: a URL whose value began within a period and the previous one before it has
    // that previous value as baseline, unprobed (lib/insights/load-market.ts). Kept by the price_history
    // triggers of migration 0041; never written by the app.
    prevPrice: numeric({ precision: 12, scale: 2 }),
    prevCurrency: char({ length: 3 }),
    prevAvailable: boolean(),
    prevShipping: numeric({ precision: 12, scale: 2 }),
    prevSeller: text(),
    prevChangedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    const brokenState = sql`(case when ${t.paused} then 'paused' when ${t.lastStatus} = 'blocked' then 'blocked'
          when ${t.lastStatus} in ('no_price', 'unreachable', 'error') then 'not_found'
          when ${t.lastStatus} = 'uncertain' then 'uncertain' when ${t.selectorLostAt} is not null then 'rule_lost' end)`;
    return [
      unique("product_urls_product_url_unique").on(t.productId, t.url),
      index("product_urls_workspace_idx").on(t.workspaceId),
      // the dashboard's count of tracked URLs: an index-only count, not a read of every URL row
      index("product_urls_workspace_active_idx").on(t.workspaceId).where(sql`${t.paused} = false`),
      // the data-health list: a workspace's URLs in id order, paged by id
      index("product_urls_workspace_id_idx").on(t.workspaceId, t.id),
      // the same for the URLs that need a fix (paused, failing, rule lost): a state filter reads only those
      index("product_urls_workspace_broken_idx")
        .on(t.workspaceId, t.id)
        .where(sql`${t.paused} or ${t.lastStatus} not in ('ok', 'pending') or ${t.selectorLostAt} is not null`),
      // the data-health counts of the states before 'late' (countHealthStates): an index-only count of the URLs
      // that need a fix, by the columns that decide their state
      index("product_urls_workspace_state_idx")
        .on(t.workspaceId, t.paused, t.lastStatus, t.selectorLostAt)
        .where(sql`${t.paused} or ${t.lastStatus} not in ('ok', 'pending') or ${t.selectorLostAt} is not null`),
      // the data-health list filtered on a state that needs a fix: one range per state, in id order (the
      // expression is lib/health/health-sql.ts brokenStateOf's, which the list's query must repeat exactly)
      // (the URLs of those states only: `<expression> = <state>` implies the predicate; statistics of the
      // expression in migration 0044, for the planner to know how many a state has)
      index("product_urls_workspace_broken_state_idx")
        .on(t.workspaceId, brokenState, t.id)
        .where(sql`${brokenState} is not null`),
      // the 'late' state (lib/health/health-sql.ts isLate): per frequency, by last check, the URLs that no earlier
      // state of stateOf takes; one range per frequency holds exactly the late ones (the rest are 'à jour'), and
      // with id the list pages each range by keyset (lib/health/due-order.ts)
      index("product_urls_workspace_late_idx")
        .on(t.workspaceId, t.trackingFrequency, sql`coalesce(${t.lastCheckedAt}, ${t.createdAt})`, t.id)
        .where(
          sql`not ${t.paused} and ${t.lastStatus} not in ('blocked', 'no_price', 'unreachable', 'error', 'uncertain') and ${t.selectorLostAt} is null`,
        ),
      // the minute sweep reads due URLs as keyset batches of this index (next_check_at, id): one range per batch
      index("product_urls_due_idx").on(t.nextCheckAt, t.id).where(sql`${t.paused} = false`),
      // the correction trigger's clear of correcting_id after a reading (migration 0015): the few URLs it is set on
      index("product_urls_correcting_idx").on(t.id).where(sql`${t.correctingId} is not null`),
      // the changes read only the URLs whose value began within the period: one range
      index("product_urls_workspace_changed_idx").on(t.workspaceId, t.changedAt).where(sql`${t.changedAt} is not null`),
    ];
  },
);

export const priceHistory = pgTable(
  "price_history",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    urlId: uuid()
      .notNull()
      .references(() => productUrls.id, { onDelete: "cascade" }),
    // null when the page shows no price because the item is unavailable
    price: numeric({ precision: 12, scale: 2 }),
    currency: char({ length: 3 }),
    available: boolean().notNull(),
    // The reference price a sale is announced against (crossed-out, list price), when the page shows one.
    regularPrice: numeric({ precision: 12, scale: 2 }),
    // Shipping cost when the page states it; null is "not stated", never "free".
    shipping: numeric({ precision: 12, scale: 2 }),
    // false: the page showed a price but said nothing of stock ('Non précisée'); `available` then only means
    // "not stated unavailable", as the rollups and rules read it.
    availabilityStated: boolean().notNull().default(true),
    // What members (loyalty card, club) or a coupon / promo code pay, beside the price, never instead of it.
    memberPrice: numeric({ precision: 12, scale: 2 }),
    couponPrice: numeric({ precision: 12, scale: 2 }),
    // The sellers' offers the page listed (bounded, see TPageOffer), the URL's price being one of them.
    offers: jsonb(),
    taskId: uuid(),
    // 'correction': the first reading after the user chose the right price on the page (not a market move).
    kind: text({ enum: ["reading", "correction"] })
      .notNull()
      .default("reading"),
    // Set on a reading whose value was wrong (the wrong candidate): the correction that replaces it. It stays for
    // audit but counts in no chart, change, alert or promotion check.
    correctedBy: bigint({ mode: "number" }).references((): AnyPgColumn => priceHistory.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // matches "order by created_at desc, id desc" per URL exactly: the latest reading is one index probe. Migration
  // 0023 rebuilt it INCLUDE (price, currency, available, corrected_by): the market's and the changes' readings of
  // a URL are one index-only range however the readings of all URLs are interleaved in the table.
  (t) => [
    index("price_history_url_latest_idx").on(t.urlId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the foreign key's lookups when readings are purged; almost no reading is corrected
    index("price_history_corrected_by_idx").on(t.correctedBy).where(sql`corrected_by is not null`),
  ],
);

export const TASK_STATUSES = ["pending", "processing", "completed", "failed", "cancelled", "retry"] as const;

export const scrapeTasks = pgTable(
  "scrape_tasks",
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    productId: uuid().references(() => products.id, { onDelete: "cascade" }),
    urlId: uuid().references(() => productUrls.id, { onDelete: "cascade" }),
    url: varchar({ length: 2048 }).notNull(),
    // hostOf(url): the per-host politeness limits (lib/fetching/host-politeness.ts) key on it
    host: text().notNull().default(""),
    // the tracked page (workspace and normalised URL): tasks of one page share one fetch
    pageKey: text(),
    status: text({ enum: TASK_STATUSES }).notNull().default("pending"),
    priority: text({ enum: ["low", "normal", "high"] })
      .notNull()
      .default("normal"),
    trigger: text({ enum: ["manual", "schedule", "api", "batch", "first", "confirm"] })
      .notNull()
      .default("manual"),
    useAi: boolean().notNull().default(false),
    retryCount: integer().notNull().default(0),
    // Retries after the first attempt: 3 attempts in all.
    maxRetries: integer().notNull().default(2),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedBy: text(),
    // the running worker renews it; past it, the task is back in the queue (its worker died)
    leaseUntil: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    error: text(),
    result: jsonb(),
    metadata: jsonb().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("scrape_tasks_status_run_idx").on(t.status, t.runAt),
    index("scrape_tasks_workspace_created_idx").on(t.workspaceId, t.createdAt.desc()),
    index("scrape_tasks_url_idx").on(t.urlId),
    // one reading per request: at most one waiting or running task per tracked URL
    uniqueIndex("scrape_tasks_url_active_unique")
      .on(t.urlId)
      .where(sql`${t.status} in ('pending', 'processing', 'retry') and ${t.urlId} is not null`),
    index("scrape_tasks_product_idx").on(t.productId),
    // a claim reads each host's runnable tasks in this order (lib/jobs/claim-tasks.ts): one short range per host
    // with waiting tasks, and a host held back by its spacing or its limit is never read at all
    index("scrape_tasks_claim_idx")
      .on(t.host, sql`(case ${t.priority} when 'high' then 0 when 'normal' then 1 else 2 end)`, t.runAt, t.createdAt)
      .where(sql`${t.status} in ('pending', 'retry')`),
    // a host's waiting tenants, and each one's runnable tasks in claim order: the claim reaches the other tenants
    // of a host whose first tasks all belong to tenants at their limit without reading that backlog
    index("scrape_tasks_tenant_claim_idx")
      .on(
        t.host,
        t.workspaceId,
        sql`(case ${t.priority} when 'high' then 0 when 'normal' then 1 else 2 end)`,
        t.runAt,
        t.createdAt,
      )
      .where(sql`${t.status} in ('pending', 'retry')`),
    // a host's running tasks (its concurrency) and whether it has waiting ones
    index("scrape_tasks_active_host_idx")
      .on(t.host, t.status)
      .where(sql`${t.status} in ('pending', 'processing', 'retry')`),
    // the freshness figure's scheduled checks not finished yet (getFreshness): a workspace's few waiting ones
    index("scrape_tasks_workspace_waiting_idx")
      .on(t.workspaceId, t.createdAt)
      .where(sql`${t.status} in ('pending', 'processing', 'retry') and ${t.trigger} = 'schedule'`),
    index("scrape_tasks_page_idx").on(t.workspaceId, t.pageKey).where(sql`${t.status} in ('pending', 'retry')`),
  ],
);
