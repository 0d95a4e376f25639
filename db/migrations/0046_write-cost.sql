-- The cost of storing a reading (issue 26, 25.5): a statement trigger fires even when its statement changed no row,
-- and each empty UPDATE of a trigger ran its table's triggers again (the correction trigger's three empty statements
-- alone ran product_urls' and products' triggers twice each on every reading). A reading repeating its URL's latest
-- value now runs only what depends on it (lib/insights/rollups.md 'What a reading runs'): the latest copy
-- (latest_reading_id, latest_at, latest_regular_price), the product_market rows it dates (checked_at, oldest_at, the
-- cheapest offers' reading ids) and its day's price_daily row; the merchants, the products' summary, last_change_at,
-- the sparkline and the tallies are left as they are. A new value still refreshes them, each once, writing only the
-- rows whose values change.
--
-- The correction of a URL's pending choice (migration 0015 as planned by 0032): nothing to do without one.
CREATE OR REPLACE FUNCTION price_history_correction_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$BEGIN
  -- no pending correction among the batch's URLs: none of the statements below may change a row
  IF NOT EXISTS (SELECT 1 FROM new_rows r JOIN "product_urls" u ON u."id" = r."url_id" WHERE u."correcting_id" IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  -- big batches: planned per firing (a cached plan keeps the first firing's row estimate)
  IF (SELECT count(*) FROM new_rows) > 64 THEN
EXECUTE 'WITH n AS (
    SELECT DISTINCT ON (r."url_id") r."id", r."url_id", r."price", r."currency", r."available", u."correcting_id"
      FROM new_rows r JOIN "product_urls" u ON u."id" = r."url_id" AND u."correcting_id" IS NOT NULL
     ORDER BY r."url_id", r."created_at", r."id"
  ), f AS (
    SELECT n.*, o."created_at" AS o_at, o."price" AS o_price, o."currency" AS o_currency, o."available" AS o_available
      FROM n JOIN "price_history" o ON o."id" = n."correcting_id" AND o."url_id" = n."url_id"
     WHERE (o."price", o."currency", o."available") IS DISTINCT FROM (n."price", n."currency", n."available")
  ), b AS (
    SELECT f.*, br."created_at" AS b_at, br."id" AS b_id
      FROM f LEFT JOIN LATERAL (
        SELECT h."created_at", h."id" FROM "price_history" h
         WHERE h."url_id" = f."url_id" AND (h."created_at", h."id") < (f.o_at, f."correcting_id")
           AND (h."price", h."currency", h."available") IS DISTINCT FROM (f.o_price, f.o_currency, f.o_available)
         ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) br ON true
  ), marked AS (
    UPDATE "price_history" SET "kind" = ''correction'' WHERE "id" IN (SELECT "id" FROM f)
  ), wrong AS (
    UPDATE "price_history" h SET "corrected_by" = b."id" FROM b
     WHERE h."url_id" = b."url_id" AND h."corrected_by" IS NULL AND h."kind" = ''reading''
       AND (h."created_at", h."id") <= (b.o_at, b."correcting_id")
       AND (b.b_at IS NULL OR (h."created_at", h."id") > (b.b_at, b.b_id))
  )
  UPDATE "product_urls" u SET "correcting_id" = NULL FROM n WHERE u."id" = n."url_id"';
  ELSE
WITH n AS (
    SELECT DISTINCT ON (r."url_id") r."id", r."url_id", r."price", r."currency", r."available", u."correcting_id"
      FROM new_rows r JOIN "product_urls" u ON u."id" = r."url_id" AND u."correcting_id" IS NOT NULL
     ORDER BY r."url_id", r."created_at", r."id"
  ), f AS (
    SELECT n.*, o."created_at" AS o_at, o."price" AS o_price, o."currency" AS o_currency, o."available" AS o_available
      FROM n JOIN "price_history" o ON o."id" = n."correcting_id" AND o."url_id" = n."url_id"
     WHERE (o."price", o."currency", o."available") IS DISTINCT FROM (n."price", n."currency", n."available")
  ), b AS (
    SELECT f.*, br."created_at" AS b_at, br."id" AS b_id
      FROM f LEFT JOIN LATERAL (
        SELECT h."created_at", h."id" FROM "price_history" h
         WHERE h."url_id" = f."url_id" AND (h."created_at", h."id") < (f.o_at, f."correcting_id")
           AND (h."price", h."currency", h."available") IS DISTINCT FROM (f.o_price, f.o_currency, f.o_available)
         ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) br ON true
  ), marked AS (
    UPDATE "price_history" SET "kind" = 'correction' WHERE "id" IN (SELECT "id" FROM f)
  ), wrong AS (
    UPDATE "price_history" h SET "corrected_by" = b."id" FROM b
     WHERE h."url_id" = b."url_id" AND h."corrected_by" IS NULL AND h."kind" = 'reading'
       AND (h."created_at", h."id") <= (b.o_at, b."correcting_id")
       AND (b.b_at IS NULL OR (h."created_at", h."id") > (b.b_at, b.b_id))
  )
  UPDATE "product_urls" u SET "correcting_id" = NULL FROM n WHERE u."id" = n."url_id";
  END IF;
  RETURN NULL;
END$function$;
--> statement-breakpoint
-- corrected_by set or cleared (migrations 0015, 0034 as planned by 0043): nothing when the statement changed no row
CREATE OR REPLACE FUNCTION price_history_corrected_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  urls uuid[];
  days date[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  IF (SELECT count(*) FROM new_rows) > 64 THEN
    EXECUTE 'SELECT array_agg("url_id"), array_agg(day)
    FROM (SELECT DISTINCT n."url_id", (n."created_at" AT TIME ZONE ''Europe/Paris'')::date AS day
            FROM new_rows n JOIN old_rows o ON o."id" = n."id"
           WHERE n."corrected_by" IS DISTINCT FROM o."corrected_by") k' INTO urls, days;
  ELSE
    SELECT array_agg("url_id"), array_agg(day) INTO urls, days
      FROM (SELECT DISTINCT n."url_id", (n."created_at" AT TIME ZONE 'Europe/Paris')::date AS day
              FROM new_rows n JOIN old_rows o ON o."id" = n."id"
             WHERE n."corrected_by" IS DISTINCT FROM o."corrected_by") k;
  END IF;
  IF urls IS NOT NULL THEN
    PERFORM "price_daily_recompute"(urls, days);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION price_history_changed_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  urls uuid[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  IF (SELECT count(*) FROM new_rows) > 64 THEN
    EXECUTE 'SELECT ARRAY(
    SELECT DISTINCT n."url_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
     WHERE n."corrected_by" IS DISTINCT FROM o."corrected_by")' INTO urls;
  ELSE
    urls := ARRAY(
      SELECT DISTINCT n."url_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
       WHERE n."corrected_by" IS DISTINCT FROM o."corrected_by");
  END IF;
  IF cardinality(urls) > 0 THEN
    PERFORM "product_urls_changed_refresh"(urls);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- product_market of `ids` (migration 0030's product_market_refresh), written only where a value changes, and the
-- merchants (migration 0036) of `merchant_ids` among them, under the same row locks (every product of `ids` locked
-- first, in id order). The merchants read the product's market only through min_cents and my_cents, and otherwise
-- the URLs' latest values, names and addresses: a URL's newer reading of the same value (its latest_reading_id and
-- latest_at only) moves checked_at, oldest_at and the cheapest offers' reading ids, never a merchant.
CREATE FUNCTION "product_market_recompute"(ids uuid[], merchant_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "products" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  DELETE FROM "product_market" m WHERE m."product_id" = ANY(ids)
     AND NOT EXISTS (SELECT 1 FROM "products" p WHERE p."id" = m."product_id");
  INSERT INTO "product_market" AS pm ("product_id", "workspace_id", "basis", "n", "min_cents", "sum_cents", "max_cents",
                                "price_sum_cents", "shipping_unknown", "cheapest", "out_of_stock", "other_currency",
                                "checked_at", "oldest_at", "my_cents", "name_key")
  WITH o AS (
    SELECT p."id" AS product_id, p."workspace_id", p."name_key",
           CASE WHEN p."reference_price" > 0 THEN (p."reference_price" * 100)::bigint END AS my_cents, b.basis, u."id" AS url_id, u."name", u."url",
           u."latest_reading_id", u."latest_at", coalesce(u."latest_available", false) AS available,
           ((u."latest_price" + CASE WHEN b.basis = 'total' THEN coalesce(u."latest_shipping", 0) ELSE 0 END) * 100)::bigint
             AS cents,
           (u."latest_price" * 100)::bigint AS price_cents, u."latest_shipping" IS NULL AS no_shipping,
           upper(coalesce(nullif(btrim(u."latest_currency"), ''), 'EUR')) AS currency
      FROM "products" p
      CROSS JOIN (VALUES ('price'), ('total')) b(basis)
      LEFT JOIN "product_urls" u ON u."product_id" = p."id" AND u."workspace_id" = p."workspace_id"
            AND u."latest_reading_id" IS NOT NULL AND u."latest_at" IS NOT NULL
     WHERE p."id" = ANY(ids)
  ), c AS (
    SELECT o.*, min(o.cents) FILTER (WHERE o.comparable) OVER (PARTITION BY o.product_id, o.basis) AS low
      FROM (SELECT o.*, o.available AND o.cents IS NOT NULL AND o.currency = 'EUR' AS comparable FROM o) o
  )
  SELECT c.product_id, c.workspace_id, c.basis, count(*) FILTER (WHERE c.comparable), min(c.low),
         sum(c.cents) FILTER (WHERE c.comparable), max(c.cents) FILTER (WHERE c.comparable),
         sum(c.price_cents) FILTER (WHERE c.comparable), count(*) FILTER (WHERE c.comparable AND c.no_shipping),
         jsonb_agg(jsonb_build_object('url_id', c.url_id, 'name', c.name, 'url', c.url,
                                      'reading_id', c.latest_reading_id) ORDER BY c.name, c.url_id)
           FILTER (WHERE c.comparable AND c.cents = c.low),
         count(*) FILTER (WHERE c.url_id IS NOT NULL AND NOT c.available),
         count(*) FILTER (WHERE c.available AND c.cents IS NOT NULL AND c.currency <> 'EUR'),
         max(c.latest_at), min(c.latest_at), c.my_cents, c.name_key
    FROM c
   GROUP BY c.product_id, c.workspace_id, c.basis, c.my_cents, c.name_key
  ON CONFLICT ("product_id", "basis") DO UPDATE
     SET "workspace_id" = excluded."workspace_id", "n" = excluded."n", "min_cents" = excluded."min_cents",
         "sum_cents" = excluded."sum_cents", "max_cents" = excluded."max_cents",
         "price_sum_cents" = excluded."price_sum_cents", "shipping_unknown" = excluded."shipping_unknown",
         "cheapest" = excluded."cheapest", "out_of_stock" = excluded."out_of_stock",
         "other_currency" = excluded."other_currency", "checked_at" = excluded."checked_at",
         "oldest_at" = excluded."oldest_at", "my_cents" = excluded."my_cents", "name_key" = excluded."name_key"
   WHERE (pm."workspace_id", pm."n", pm."min_cents", pm."sum_cents", pm."max_cents", pm."price_sum_cents",
          pm."shipping_unknown", pm."cheapest", pm."out_of_stock", pm."other_currency", pm."checked_at", pm."oldest_at",
          pm."my_cents", pm."name_key")
         IS DISTINCT FROM
         (excluded."workspace_id", excluded."n", excluded."min_cents", excluded."sum_cents", excluded."max_cents",
          excluded."price_sum_cents", excluded."shipping_unknown", excluded."cheapest", excluded."out_of_stock",
          excluded."other_currency", excluded."checked_at", excluded."oldest_at", excluded."my_cents",
          excluded."name_key");
  IF merchant_ids IS NOT NULL AND cardinality(merchant_ids) > 0 THEN
    PERFORM "product_merchants_refresh"(merchant_ids);
  END IF;
END $$;
--> statement-breakpoint
-- every caller of product_market_refresh (a product created, renamed, repriced or moved; a URL added, moved or
-- deleted) refreshes the merchants too, as the product_market triggers of migration 0036 did
CREATE OR REPLACE FUNCTION "product_market_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_market_recompute"(ids, ids);
END $$;
--> statement-breakpoint
DROP TRIGGER "product_merchants_market_insert" ON "product_market";
--> statement-breakpoint
DROP TRIGGER "product_merchants_market_update" ON "product_market";
--> statement-breakpoint
DROP FUNCTION "product_merchants_on_market"();
--> statement-breakpoint
-- A URL's latest reading, name, address, product or workspace changed: its product's market and merchants; only its
-- latest_reading_id / latest_at (a newer reading of the same value, or the scheduler's and the scrapes' status
-- updates, which move neither): the market alone, which dates the product's offers.
CREATE OR REPLACE FUNCTION product_market_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  moved uuid[];
  dated uuid[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  -- big batches: planned per firing (a cached plan keeps the first firing's row estimate)
  IF (SELECT count(*) FROM new_rows) > 64 THEN
    EXECUTE 'SELECT ARRAY(
    SELECT DISTINCT x.id FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     CROSS JOIN LATERAL (VALUES (o."product_id"), (n."product_id")) x(id)
     WHERE (o."product_id", o."workspace_id", o."name", o."url", o."latest_reading_id" IS NULL, o."latest_price",
            o."latest_currency", o."latest_available", o."latest_shipping", o."latest_at" IS NULL, o."latest_seller")
           IS DISTINCT FROM
           (n."product_id", n."workspace_id", n."name", n."url", n."latest_reading_id" IS NULL, n."latest_price",
            n."latest_currency", n."latest_available", n."latest_shipping", n."latest_at" IS NULL, n."latest_seller")),
    ARRAY(
    SELECT DISTINCT n."product_id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     WHERE (o."latest_reading_id", o."latest_at") IS DISTINCT FROM (n."latest_reading_id", n."latest_at"))'
      INTO moved, dated;
  ELSE
    moved := ARRAY(
      SELECT DISTINCT x.id FROM old_rows o JOIN new_rows n ON n."id" = o."id"
       CROSS JOIN LATERAL (VALUES (o."product_id"), (n."product_id")) x(id)
       WHERE (o."product_id", o."workspace_id", o."name", o."url", o."latest_reading_id" IS NULL, o."latest_price",
              o."latest_currency", o."latest_available", o."latest_shipping", o."latest_at" IS NULL, o."latest_seller")
             IS DISTINCT FROM
             (n."product_id", n."workspace_id", n."name", n."url", n."latest_reading_id" IS NULL, n."latest_price",
              n."latest_currency", n."latest_available", n."latest_shipping", n."latest_at" IS NULL, n."latest_seller"));
    dated := ARRAY(
      SELECT DISTINCT n."product_id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
       WHERE (o."latest_reading_id", o."latest_at") IS DISTINCT FROM (n."latest_reading_id", n."latest_at"));
  END IF;
  IF cardinality(moved) > 0 OR cardinality(dated) > 0 THEN
    -- one call: every product locked in id order
    PERFORM "product_market_recompute"(ARRAY(SELECT DISTINCT x FROM unnest(moved || dated) x), moved);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- The tallies of product_market (migrations 0039, 0042 as planned by 0043): a statement whose rows keep every column
-- a tally reads (checked_at, oldest_at or the cheapest offers' reading ids moved) appends nothing. The transition
-- tables of an UPDATE have as many rows each: they are equal as multisets when one holds no row the other lacks.
CREATE OR REPLACE FUNCTION position_tallies_on_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    PERFORM "position_tallies_append"(ARRAY(SELECT r::"product_market" FROM new_rows r), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
    PERFORM "position_tallies_append"('{}', ARRAY(SELECT r::"product_market" FROM old_rows r));
  ELSE
    IF NOT EXISTS (SELECT n."product_id", n."basis", n."workspace_id", n."position_rank", n."my_cents", n."n", n."sum_cents"
                     FROM new_rows n
                   EXCEPT ALL
                   SELECT o."product_id", o."basis", o."workspace_id", o."position_rank", o."my_cents", o."n", o."sum_cents"
                     FROM old_rows o) THEN
      RETURN NULL;
    END IF;
    PERFORM "position_tallies_append"(ARRAY(SELECT r::"product_market" FROM new_rows r), ARRAY(SELECT r::"product_market" FROM old_rows r));
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trend_tallies_on_market()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    PERFORM "trend_tallies_market_append"(ARRAY(SELECT r::"product_market" FROM new_rows r), '{}'::"product_market"[]);
    PERFORM "market_trend_ensure"(ARRAY(SELECT r."product_id" FROM new_rows r
                                          WHERE r."basis" = 'price' AND r."my_cents" IS NOT NULL));
  ELSE
    -- what the trend's tallies and market_trend_ensure read of a row
    IF NOT EXISTS (SELECT n."product_id", n."basis", n."workspace_id", n."my_cents", n."n", n."price_sum_cents"
                     FROM new_rows n
                   EXCEPT ALL
                   SELECT o."product_id", o."basis", o."workspace_id", o."my_cents", o."n", o."price_sum_cents"
                     FROM old_rows o) THEN
      RETURN NULL;
    END IF;
    PERFORM "trend_tallies_market_append"(ARRAY(SELECT r::"product_market" FROM new_rows r), ARRAY(SELECT r::"product_market" FROM old_rows r));
    IF (SELECT count(*) FROM new_rows) > 64 THEN
      EXECUTE 'SELECT "market_trend_ensure"(ARRAY(
      SELECT n."product_id" FROM new_rows n JOIN old_rows o ON o."product_id" = n."product_id" AND o."basis" = n."basis"
       WHERE n."basis" = ''price'' AND n."my_cents" IS NOT NULL
         AND (o."my_cents" IS NULL OR o."workspace_id" <> n."workspace_id")))';
    ELSE
      PERFORM "market_trend_ensure"(ARRAY(
        SELECT n."product_id" FROM new_rows n JOIN old_rows o ON o."product_id" = n."product_id" AND o."basis" = n."basis"
         WHERE n."basis" = 'price' AND n."my_cents" IS NOT NULL
           AND (o."my_cents" IS NULL OR o."workspace_id" <> n."workspace_id")));
    END IF;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- The products' summary and last_change_at (migration 0029 as planned by 0032) in one write of each product whose
-- values change (a new value wrote the product twice, and an UPDATE of products changing no row still ran products'
-- triggers): `ids` the products whose summary may have changed, `changed` (a subset) those whose URL's price or
-- availability moved at `ats`.
CREATE FUNCTION "products_refresh_summary_at"(ids uuid[], changed uuid[], ats timestamptz[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "products" p
     SET "url_count" = s.url_count, "lowest_price" = s.lowest_price, "uncertain_count" = s.uncertain_count,
         "paused_count" = s.paused_count, "failed_count" = s.failed_count, "blocked_count" = s.blocked_count,
         "last_change_at" = CASE WHEN p."last_change_at" IS NULL OR p."last_change_at" < s.at THEN s.at
                                 ELSE p."last_change_at" END
    FROM (
      SELECT q.id, max(c.at) AS at,
             count(u.id)::integer AS url_count,
             min(u."latest_price") FILTER (
               WHERE u."latest_available" AND coalesce(nullif(trim(u."latest_currency"), ''), 'EUR') = 'EUR'
             ) AS lowest_price,
             (count(u.id) FILTER (WHERE u."last_status" = 'uncertain'))::integer AS uncertain_count,
             (count(u.id) FILTER (WHERE u."paused" OR u."last_status" = 'paused'))::integer AS paused_count,
             (count(u.id) FILTER (
               WHERE NOT u."paused" AND u."last_status" IN ('no_price', 'blocked', 'unreachable', 'error')
             ))::integer AS failed_count,
             (count(u.id) FILTER (WHERE NOT u."paused" AND u."last_status" = 'blocked'))::integer AS blocked_count
        FROM (SELECT DISTINCT x AS id FROM unnest(ids) x) q
        LEFT JOIN (SELECT DISTINCT ON (c.id) c.id, c.at FROM unnest(changed, ats) AS c(id, at) ORDER BY c.id, c.at DESC) c
          ON c.id = q.id
        LEFT JOIN "product_urls" u ON u."product_id" = q.id
       GROUP BY q.id
    ) s
   WHERE p."id" = s.id
     AND ((p."url_count", p."lowest_price", p."uncertain_count", p."paused_count", p."failed_count", p."blocked_count")
          IS DISTINCT FROM (s.url_count, s.lowest_price, s.uncertain_count, s.paused_count, s.failed_count, s.blocked_count)
          OR p."last_change_at" IS NULL AND s.at IS NOT NULL OR p."last_change_at" < s.at)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_urls_summary_upd()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  ids uuid[];
  changed uuid[];
  ats timestamptz[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  -- big batches: planned per firing (a cached plan keeps the first firing's row estimate)
  IF (SELECT count(*) FROM new_rows) > 64 THEN
    EXECUTE 'SELECT ARRAY(
    SELECT DISTINCT x.pid FROM old_rows o JOIN new_rows n ON n."id" = o."id",
           LATERAL (VALUES (o."product_id"), (n."product_id")) x(pid)
     WHERE (o."product_id", o."latest_price", o."latest_available", o."latest_currency", o."last_status", o."paused")
           IS DISTINCT FROM
           (n."product_id", n."latest_price", n."latest_available", n."latest_currency", n."last_status", n."paused"))'
      INTO ids;
    EXECUTE 'SELECT array_agg(c.id), array_agg(c.at)
      FROM (SELECT n."product_id" AS id, max(n."latest_at") AS at
              FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE o."latest_reading_id" IS NOT NULL AND n."latest_at" > o."latest_at"
               AND (o."latest_price", o."latest_available") IS DISTINCT FROM (n."latest_price", n."latest_available")
             GROUP BY n."product_id") c'
      INTO changed, ats;
  ELSE
    ids := ARRAY(
      SELECT DISTINCT x.pid FROM old_rows o JOIN new_rows n ON n."id" = o."id",
             LATERAL (VALUES (o."product_id"), (n."product_id")) x(pid)
       WHERE (o."product_id", o."latest_price", o."latest_available", o."latest_currency", o."last_status", o."paused")
             IS DISTINCT FROM
             (n."product_id", n."latest_price", n."latest_available", n."latest_currency", n."last_status", n."paused"));
    SELECT array_agg(c.id), array_agg(c.at) INTO changed, ats
      FROM (SELECT n."product_id" AS id, max(n."latest_at") AS at
              FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE o."latest_reading_id" IS NOT NULL AND n."latest_at" > o."latest_at"
               AND (o."latest_price", o."latest_available") IS DISTINCT FROM (n."latest_price", n."latest_available")
             GROUP BY n."product_id") c;
  END IF;
  -- a product whose price or availability moved is among `ids` (its URL's latest_price or latest_available differs)
  IF cardinality(ids) > 0 THEN
    PERFORM "products_refresh_summary_at"(ids, coalesce(changed, '{}'), coalesce(ats, '{}'));
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- The sparkline (migrations 0008, 0011, 0032) reads of price_daily the day, min_price and whether last_currency is
-- EUR: an update of a day's row moving neither (a reading above the day's lowest) refreshes nothing, and a refresh
-- leaves a product whose sparkline is unchanged as it is.
CREATE OR REPLACE FUNCTION "products_sparkline_refresh"(product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM 1 FROM "products" WHERE "id" = ANY(product_ids) ORDER BY "id" FOR NO KEY UPDATE;
  WITH d0 AS (
    SELECT (now() AT TIME ZONE 'Europe/Paris')::date - 29 AS d0
  ), m AS (
    SELECT u."product_id" AS pid, d."day", min(d."min_price") AS m
      FROM d0, "product_urls" u JOIN "price_daily" d ON d."url_id" = u."id"
     WHERE u."product_id" = ANY(product_ids) AND d."day" >= d0.d0 AND d."day" <= d0.d0 + 29
       AND d."min_price" IS NOT NULL AND coalesce(nullif(trim(d."last_currency"), ''), 'EUR') = 'EUR'
     GROUP BY 1, 2
  ), s AS (
    -- one grouped pass (hash join on pid, day) instead of a subplan rescanning m for every product
    SELECT k.pid, array_agg((m.m * 100)::int ORDER BY g) AS spark
      FROM (SELECT DISTINCT pid FROM m) k CROSS JOIN d0 CROSS JOIN generate_series(0, 29) g
      LEFT JOIN m ON m.pid = k.pid AND m."day" = d0.d0 + g
     GROUP BY k.pid
  )
  UPDATE "products" p
     SET "sparkline_from" = d0.d0, "sparkline" = s.spark
    FROM d0, unnest(product_ids) q(id) LEFT JOIN s ON s.pid = q.id
   WHERE p."id" = q.id AND (p."sparkline_from", p."sparkline") IS DISTINCT FROM (d0.d0, s.spark);
END $f$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "price_daily_sparkline_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT u."product_id") INTO ids FROM old_rows r JOIN "product_urls" u ON u."id" = r."url_id"
     WHERE r."day" >= (now() AT TIME ZONE 'Europe/Paris')::date - 29;
  ELSIF TG_OP = 'UPDATE' THEN
    -- the rows whose day, lowest price or EUR-ness changed (an update keeps a row's url_id and day)
    SELECT array_agg(DISTINCT u."product_id") INTO ids
      FROM (SELECT r."url_id", r."day",
                   CASE WHEN coalesce(nullif(trim(r."last_currency"), ''), 'EUR') = 'EUR' THEN r."min_price" END AS m
              FROM new_rows r WHERE r."day" >= (now() AT TIME ZONE 'Europe/Paris')::date - 29
            EXCEPT ALL
            SELECT r."url_id", r."day",
                   CASE WHEN coalesce(nullif(trim(r."last_currency"), ''), 'EUR') = 'EUR' THEN r."min_price" END
              FROM old_rows r WHERE r."day" >= (now() AT TIME ZONE 'Europe/Paris')::date - 29) r
      JOIN "product_urls" u ON u."id" = r."url_id";
  ELSE
    SELECT array_agg(DISTINCT u."product_id") INTO ids FROM new_rows r JOIN "product_urls" u ON u."id" = r."url_id"
     WHERE r."day" >= (now() AT TIME ZONE 'Europe/Paris')::date - 29;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM "products_sparkline_refresh"(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "price_daily_sparkline_update" ON "price_daily";
--> statement-breakpoint
CREATE TRIGGER "price_daily_sparkline_update" AFTER UPDATE ON "price_daily"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_daily_sparkline_on_change"();
--> statement-breakpoint
-- product_facets (migration 0038 as planned by 0043): an update of products moving no brand, category, tag nor
-- workspace writes nothing (the deltas were nil, but each statement still ran).
CREATE OR REPLACE FUNCTION product_facets_on_products()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- the products' own statements (their summary, sparkline, last change, trend version) move no facet
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT n."id", n."workspace_id", n."brand", n."category", n."tags" FROM new_rows n
                   EXCEPT ALL
                   SELECT o."id", o."workspace_id", o."brand", o."category", o."tags" FROM old_rows o) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "product_facets" AS c ("workspace_id", "kind", "value", "products")
    SELECT r."workspace_id", f."kind", f."value", count(*)::int
      FROM new_rows r CROSS JOIN LATERAL "product_facet_values"(r."brand", r."category", r."tags") f
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("workspace_id", "kind", "value") DO UPDATE SET "products" = c."products" + excluded."products";
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    -- never an insert: a workspace being deleted has no row to bring back
    UPDATE "product_facets" c SET "products" = c."products" - d.n
      FROM (SELECT r."workspace_id", f."kind", f."value", count(*)::int AS n
              FROM old_rows r CROSS JOIN LATERAL "product_facet_values"(r."brand", r."category", r."tags") f
             GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d
     WHERE c."workspace_id" = d."workspace_id" AND c."kind" = d."kind" AND c."value" = d."value";
  ELSE
    IF (SELECT count(*) FROM new_rows) > 64 THEN
      EXECUTE 'INSERT INTO "product_facets" AS c ("workspace_id", "kind", "value", "products")
    SELECT x."workspace_id", f."kind", f."value", sum(x.n)::int
      FROM (SELECT o."workspace_id", o."brand", o."category", o."tags", -1 AS n
              FROM old_rows o JOIN new_rows r ON r."id" = o."id"
             WHERE (o."brand", o."category", o."tags", o."workspace_id")
                   IS DISTINCT FROM (r."brand", r."category", r."tags", r."workspace_id")
            UNION ALL
            SELECT r."workspace_id", r."brand", r."category", r."tags", 1
              FROM old_rows o JOIN new_rows r ON r."id" = o."id"
             WHERE (o."brand", o."category", o."tags", o."workspace_id")
                   IS DISTINCT FROM (r."brand", r."category", r."tags", r."workspace_id")) x
     CROSS JOIN LATERAL "product_facet_values"(x."brand", x."category", x."tags") f
     GROUP BY 1, 2, 3 HAVING sum(x.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("workspace_id", "kind", "value") DO UPDATE SET "products" = c."products" + excluded."products"';
    ELSE
      INSERT INTO "product_facets" AS c ("workspace_id", "kind", "value", "products")
      SELECT x."workspace_id", f."kind", f."value", sum(x.n)::int
        FROM (SELECT o."workspace_id", o."brand", o."category", o."tags", -1 AS n
                FROM old_rows o JOIN new_rows r ON r."id" = o."id"
               WHERE (o."brand", o."category", o."tags", o."workspace_id")
                     IS DISTINCT FROM (r."brand", r."category", r."tags", r."workspace_id")
              UNION ALL
              SELECT r."workspace_id", r."brand", r."category", r."tags", 1
                FROM old_rows o JOIN new_rows r ON r."id" = o."id"
               WHERE (o."brand", o."category", o."tags", o."workspace_id")
                     IS DISTINCT FROM (r."brand", r."category", r."tags", r."workspace_id")) x
       CROSS JOIN LATERAL "product_facet_values"(x."brand", x."category", x."tags") f
       GROUP BY 1, 2, 3 HAVING sum(x.n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("workspace_id", "kind", "value") DO UPDATE SET "products" = c."products" + excluded."products";
    END IF;
  END IF;
  DELETE FROM "product_facets" c
   WHERE c."workspace_id" IN (SELECT DISTINCT "workspace_id" FROM old_rows) AND c."products" <= 0;
  RETURN NULL;
END $function$;
