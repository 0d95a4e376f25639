CREATE INDEX "product_urls_correcting_idx" ON "product_urls" USING btree ("id") WHERE "product_urls"."correcting_id" is not null;--> statement-breakpoint
-- Statement triggers on big batches (issue 25.4, measured at 20,000 products × 5 URLs): PL/pgSQL plans a trigger's
-- statements once per connection, at their first firing, with the transition tables' row count of that firing.
-- A plan made for one row (a reading) then ran joins of old_rows/new_rows as nested loops over thousands of rows
-- (3,000 URLs paused at once: 3.8 s; one statement of 200k readings over 100k URLs: about 2 h), and a plan made
-- for a big batch read every product_urls row on each later reading. Above 64 rows these functions now plan the
-- same statement at each firing (EXECUTE sees the transition tables); below, the cached plan serves.
CREATE OR REPLACE FUNCTION price_history_correction_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$BEGIN
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
END$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION price_history_latest_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$BEGIN
  -- big batches: planned per firing (a cached plan keeps the first firing's row estimate)
  IF (SELECT count(*) FROM new_rows) > 64 THEN
EXECUTE 'UPDATE "product_urls" u
     SET "latest_reading_id" = n."id", "latest_price" = n."price", "latest_currency" = n."currency",
         "latest_available" = n."available", "latest_regular_price" = n."regular_price",
         "latest_shipping" = n."shipping", "latest_at" = n."created_at"
    FROM (SELECT DISTINCT ON ("url_id") * FROM new_rows ORDER BY "url_id", "created_at" DESC, "id" DESC) n
   WHERE u."id" = n."url_id"
     AND (u."latest_reading_id" IS NULL OR (n."created_at", n."id") > (u."latest_at", u."latest_reading_id"))';
  ELSE
UPDATE "product_urls" u
     SET "latest_reading_id" = n."id", "latest_price" = n."price", "latest_currency" = n."currency",
         "latest_available" = n."available", "latest_regular_price" = n."regular_price",
         "latest_shipping" = n."shipping", "latest_at" = n."created_at"
    FROM (SELECT DISTINCT ON ("url_id") * FROM new_rows ORDER BY "url_id", "created_at" DESC, "id" DESC) n
   WHERE u."id" = n."url_id"
     AND (u."latest_reading_id" IS NULL OR (n."created_at", n."id") > (u."latest_at", u."latest_reading_id"));
  END IF;
  RETURN NULL;
END$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_market_on_product_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$BEGIN
  -- big batches: planned per firing (a cached plan keeps the first firing's row estimate)
  IF (SELECT count(*) FROM new_rows) > 64 THEN
EXECUTE 'SELECT "product_market_refresh"(ARRAY(
    SELECT n."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     WHERE (o."name", o."reference_price", o."workspace_id") IS DISTINCT FROM (n."name", n."reference_price", n."workspace_id")))';
  ELSE
PERFORM "product_market_refresh"(ARRAY(
    SELECT n."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     WHERE (o."name", o."reference_price", o."workspace_id") IS DISTINCT FROM (n."name", n."reference_price", n."workspace_id")));
  END IF;
  RETURN NULL;
END$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_market_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$BEGIN
  -- big batches: planned per firing (a cached plan keeps the first firing's row estimate)
  IF (SELECT count(*) FROM new_rows) > 64 THEN
EXECUTE 'SELECT "product_market_refresh"(ARRAY(
    SELECT DISTINCT x.id FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     CROSS JOIN LATERAL (VALUES (o."product_id"), (n."product_id")) x(id)
     WHERE (o."product_id", o."workspace_id", o."name", o."url", o."latest_reading_id", o."latest_price",
            o."latest_currency", o."latest_available", o."latest_shipping", o."latest_at")
           IS DISTINCT FROM
           (n."product_id", n."workspace_id", n."name", n."url", n."latest_reading_id", n."latest_price",
            n."latest_currency", n."latest_available", n."latest_shipping", n."latest_at")))';
  ELSE
  PERFORM "product_market_refresh"(ARRAY(
    SELECT DISTINCT x.id FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     CROSS JOIN LATERAL (VALUES (o."product_id"), (n."product_id")) x(id)
     WHERE (o."product_id", o."workspace_id", o."name", o."url", o."latest_reading_id", o."latest_price",
            o."latest_currency", o."latest_available", o."latest_shipping", o."latest_at")
           IS DISTINCT FROM
           (n."product_id", n."workspace_id", n."name", n."url", n."latest_reading_id", n."latest_price",
            n."latest_currency", n."latest_available", n."latest_shipping", n."latest_at")));
  END IF;
  RETURN NULL;
END$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_urls_summary_upd()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$BEGIN
  -- big batches: planned per firing (a cached plan keeps the first firing's row estimate)
  IF (SELECT count(*) FROM new_rows) > 64 THEN
EXECUTE 'SELECT products_refresh_summary(ARRAY(
    SELECT DISTINCT x.pid FROM old_rows o JOIN new_rows n ON n."id" = o."id",
           LATERAL (VALUES (o."product_id"), (n."product_id")) x(pid)
     WHERE (o."product_id", o."latest_price", o."latest_available", o."latest_currency", o."last_status", o."paused")
           IS DISTINCT FROM
           (n."product_id", n."latest_price", n."latest_available", n."latest_currency", n."last_status", n."paused")))';
EXECUTE 'UPDATE "products" p SET "last_change_at" = c.at
    FROM (
      SELECT n."product_id" AS id, max(n."latest_at") AS at
        FROM old_rows o JOIN new_rows n ON n."id" = o."id"
       WHERE o."latest_reading_id" IS NOT NULL AND n."latest_at" > o."latest_at"
         AND (o."latest_price", o."latest_available") IS DISTINCT FROM (n."latest_price", n."latest_available")
       GROUP BY n."product_id"
    ) c
   WHERE p."id" = c.id AND (p."last_change_at" IS NULL OR p."last_change_at" < c.at)';
  ELSE
PERFORM products_refresh_summary(ARRAY(
    SELECT DISTINCT x.pid FROM old_rows o JOIN new_rows n ON n."id" = o."id",
           LATERAL (VALUES (o."product_id"), (n."product_id")) x(pid)
     WHERE (o."product_id", o."latest_price", o."latest_available", o."latest_currency", o."last_status", o."paused")
           IS DISTINCT FROM
           (n."product_id", n."latest_price", n."latest_available", n."latest_currency", n."last_status", n."paused")));
UPDATE "products" p SET "last_change_at" = c.at
    FROM (
      SELECT n."product_id" AS id, max(n."latest_at") AS at
        FROM old_rows o JOIN new_rows n ON n."id" = o."id"
       WHERE o."latest_reading_id" IS NOT NULL AND n."latest_at" > o."latest_at"
         AND (o."latest_price", o."latest_available") IS DISTINCT FROM (n."latest_price", n."latest_available")
       GROUP BY n."product_id"
    ) c
   WHERE p."id" = c.id AND (p."last_change_at" IS NULL OR p."last_change_at" < c.at);
  END IF;
  RETURN NULL;
END$function$

;
--> statement-breakpoint
-- price_daily from a batch in one grouped pass: the five self-joined CTEs it replaces were estimated at one row each
-- and joined by nested loops (5,000 URLs: 11.3 s)
CREATE OR REPLACE FUNCTION "price_daily_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $pd$
BEGIN
  WITH n AS (
    SELECT "id", "url_id", "created_at", ("created_at" AT TIME ZONE 'Europe/Paris')::date AS day,
           CASE WHEN "available" THEN "price" END AS p, "regular_price", "available", "currency"
      FROM new_rows
  )
  -- one grouped pass: no self-joins of the batch (their estimates collapse to 1 row -> nested loops, O(n^2))
  INSERT INTO "price_daily" AS d ("url_id", "day", "readings", "priced", "price_sum", "min_price", "min_at",
         "max_price", "max_at", "first_id", "first_at", "first_price", "last_id", "last_at", "last_price",
         "last_regular_price", "last_available", "last_currency")
  SELECT "url_id", day, count(*)::int, count(p)::int, sum(p),
         (array_agg(p ORDER BY p, "created_at") FILTER (WHERE p IS NOT NULL))[1],
         (array_agg("created_at" ORDER BY p, "created_at") FILTER (WHERE p IS NOT NULL))[1],
         (array_agg(p ORDER BY p DESC, "created_at") FILTER (WHERE p IS NOT NULL))[1],
         (array_agg("created_at" ORDER BY p DESC, "created_at") FILTER (WHERE p IS NOT NULL))[1],
         (array_agg("id" ORDER BY "created_at", "id"))[1],
         (array_agg("created_at" ORDER BY "created_at", "id"))[1],
         (array_agg(p ORDER BY "created_at", "id"))[1],
         (array_agg("id" ORDER BY "created_at" DESC, "id" DESC))[1],
         (array_agg("created_at" ORDER BY "created_at" DESC, "id" DESC))[1],
         (array_agg(p ORDER BY "created_at" DESC, "id" DESC))[1],
         (array_agg("regular_price" ORDER BY "created_at" DESC, "id" DESC))[1],
         (array_agg("available" ORDER BY "created_at" DESC, "id" DESC))[1],
         (array_agg("currency" ORDER BY "created_at" DESC, "id" DESC))[1]
    FROM n GROUP BY "url_id", day
  ON CONFLICT ("url_id", "day") DO UPDATE SET
    "readings" = d."readings" + excluded."readings",
    "priced" = d."priced" + excluded."priced",
    "price_sum" = CASE WHEN d."price_sum" IS NULL THEN excluded."price_sum"
                       WHEN excluded."price_sum" IS NULL THEN d."price_sum"
                       ELSE d."price_sum" + excluded."price_sum" END,
    "min_price" = CASE WHEN d."min_price" IS NULL OR (excluded."min_price", excluded."min_at") < (d."min_price", d."min_at")
                       THEN coalesce(excluded."min_price", d."min_price") ELSE d."min_price" END,
    "min_at" = CASE WHEN d."min_price" IS NULL OR (excluded."min_price", excluded."min_at") < (d."min_price", d."min_at")
                    THEN coalesce(excluded."min_at", d."min_at") ELSE d."min_at" END,
    "max_price" = CASE WHEN d."max_price" IS NULL OR excluded."max_price" > d."max_price"
                         OR (excluded."max_price" = d."max_price" AND excluded."max_at" < d."max_at")
                       THEN coalesce(excluded."max_price", d."max_price") ELSE d."max_price" END,
    "max_at" = CASE WHEN d."max_price" IS NULL OR excluded."max_price" > d."max_price"
                      OR (excluded."max_price" = d."max_price" AND excluded."max_at" < d."max_at")
                    THEN coalesce(excluded."max_at", d."max_at") ELSE d."max_at" END,
    "first_id" = CASE WHEN (excluded."first_at", excluded."first_id") < (d."first_at", d."first_id")
                      THEN excluded."first_id" ELSE d."first_id" END,
    "first_at" = CASE WHEN (excluded."first_at", excluded."first_id") < (d."first_at", d."first_id")
                      THEN excluded."first_at" ELSE d."first_at" END,
    "first_price" = CASE WHEN (excluded."first_at", excluded."first_id") < (d."first_at", d."first_id")
                         THEN excluded."first_price" ELSE d."first_price" END,
    "last_id" = CASE WHEN (excluded."last_at", excluded."last_id") > (d."last_at", d."last_id")
                     THEN excluded."last_id" ELSE d."last_id" END,
    "last_at" = CASE WHEN (excluded."last_at", excluded."last_id") > (d."last_at", d."last_id")
                     THEN excluded."last_at" ELSE d."last_at" END,
    "last_price" = CASE WHEN (excluded."last_at", excluded."last_id") > (d."last_at", d."last_id")
                        THEN excluded."last_price" ELSE d."last_price" END,
    "last_regular_price" = CASE WHEN (excluded."last_at", excluded."last_id") > (d."last_at", d."last_id")
                                THEN excluded."last_regular_price" ELSE d."last_regular_price" END,
    "last_available" = CASE WHEN (excluded."last_at", excluded."last_id") > (d."last_at", d."last_id")
                            THEN excluded."last_available" ELSE d."last_available" END,
    "last_currency" = CASE WHEN (excluded."last_at", excluded."last_id") > (d."last_at", d."last_id")
                           THEN excluded."last_currency" ELSE d."last_currency" END;
  RETURN NULL;
END 
$pd$;
--> statement-breakpoint
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
   WHERE p."id" = q.id;
END $f$;
