ALTER TABLE "product_urls" ADD COLUMN "prev_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "prev_currency" char(3);--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "prev_available" boolean;--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "prev_shipping" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "prev_seller" text;--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "prev_changed_at" timestamp with time zone;--> statement-breakpoint
-- product_urls.changed_at and prev_* of the given URLs from their readings (a corrected reading's value is its
-- correction's): the current run starts at the first reading after the latest one (`d`) whose value differs from
-- the latest reading's, or at the URL's first; the previous value is d's, its run starting at the first reading
-- after the latest one before d with another value (`e`), or at the URL's first. Null without readings; prev_*
-- null without an earlier value. A walk back over the current and the previous runs.
CREATE OR REPLACE FUNCTION "product_urls_changed_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "product_urls" u SET "changed_at" = coalesce(a."created_at", CASE WHEN d."id" IS NULL THEN f."created_at" END),
         "prev_price" = d."price", "prev_currency" = d."currency", "prev_available" = d."available",
         "prev_shipping" = d."shipping", "prev_seller" = d.seller,
         "prev_changed_at" = CASE WHEN d."id" IS NOT NULL THEN coalesce(pa."created_at", f."created_at") END
    FROM unnest(ids) AS k(id)
    LEFT JOIN LATERAL (
      SELECT (CASE WHEN c."id" IS NULL THEN h."price" ELSE c."price" END, CASE WHEN c."id" IS NULL THEN h."currency" ELSE c."currency" END, CASE WHEN c."id" IS NULL THEN h."available" ELSE c."available" END, CASE WHEN c."id" IS NULL THEN h."shipping" ELSE c."shipping" END, CASE WHEN c."id" IS NOT NULL THEN "reading_seller"(c."offers", c."price") WHEN h."offers" IS NOT NULL THEN "reading_seller"(h."offers", h."price") END) AS v
        FROM "price_history" h LEFT JOIN "price_history" c ON c."id" = h."corrected_by"
       WHERE h."url_id" = k.id ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) l ON true
    LEFT JOIN LATERAL (
      SELECT h."created_at", h."id", x.*
        FROM "price_history" h LEFT JOIN "price_history" c ON c."id" = h."corrected_by"
       CROSS JOIN LATERAL (SELECT CASE WHEN c."id" IS NULL THEN h."price" ELSE c."price" END, CASE WHEN c."id" IS NULL THEN h."currency" ELSE c."currency" END, CASE WHEN c."id" IS NULL THEN h."available" ELSE c."available" END, CASE WHEN c."id" IS NULL THEN h."shipping" ELSE c."shipping" END, CASE WHEN c."id" IS NOT NULL THEN "reading_seller"(c."offers", c."price") WHEN h."offers" IS NOT NULL THEN "reading_seller"(h."offers", h."price") END) AS x("price", "currency", "available", "shipping", seller)
       WHERE h."url_id" = k.id AND (x."price", x."currency", x."available", x."shipping", x.seller) IS DISTINCT FROM l.v
       ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) d ON true
    LEFT JOIN LATERAL (
      SELECT h."created_at" FROM "price_history" h
       WHERE h."url_id" = k.id AND (h."created_at", h."id") > (d."created_at", d."id")
       ORDER BY h."created_at", h."id" LIMIT 1) a ON true
    LEFT JOIN LATERAL (
      SELECT h."created_at", h."id"
        FROM "price_history" h LEFT JOIN "price_history" c ON c."id" = h."corrected_by"
       WHERE h."url_id" = k.id AND (h."created_at", h."id") < (d."created_at", d."id")
         AND (CASE WHEN c."id" IS NULL THEN h."price" ELSE c."price" END, CASE WHEN c."id" IS NULL THEN h."currency" ELSE c."currency" END, CASE WHEN c."id" IS NULL THEN h."available" ELSE c."available" END, CASE WHEN c."id" IS NULL THEN h."shipping" ELSE c."shipping" END, CASE WHEN c."id" IS NOT NULL THEN "reading_seller"(c."offers", c."price") WHEN h."offers" IS NOT NULL THEN "reading_seller"(h."offers", h."price") END) IS DISTINCT FROM (d."price", d."currency", d."available", d."shipping", d.seller)
       ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) e ON true
    LEFT JOIN LATERAL (
      SELECT h."created_at" FROM "price_history" h
       WHERE h."url_id" = k.id AND (h."created_at", h."id") > (e."created_at", e."id")
       ORDER BY h."created_at", h."id" LIMIT 1) pa ON true
    LEFT JOIN LATERAL (
      SELECT h."created_at" FROM "price_history" h WHERE h."url_id" = k.id ORDER BY h."created_at", h."id" LIMIT 1) f
      ON true
   WHERE u."id" = k.id
$$;
--> statement-breakpoint
-- The latest copy also keeps the previous value (prev_*): a new run started by the batch's single value takes the
-- latest one as previous; a URL given a reading older than its latest, readings of several values in one batch,
-- a reading inserted already corrected, or a latest reading that was corrected (latest_* are raw) is walked again.
CREATE OR REPLACE FUNCTION "price_history_latest_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  late uuid[];
  several uuid[];
BEGIN
  late := ARRAY(SELECT DISTINCT o."url_id" FROM (SELECT DISTINCT ON (n."url_id") n."url_id", n."created_at", n."id" FROM new_rows n
                                        ORDER BY n."url_id", n."created_at", n."id") o
      JOIN "product_urls" u ON u."id" = o."url_id"
     WHERE u."latest_reading_id" IS NOT NULL
       AND ((o."created_at", o."id") <= (u."latest_at", u."latest_reading_id")
            OR EXISTS (SELECT 1 FROM "price_history" c WHERE c."id" = u."latest_reading_id" AND c."corrected_by" IS NOT NULL)))
    || ARRAY(SELECT DISTINCT n."url_id" FROM new_rows n WHERE n."corrected_by" IS NOT NULL);
  -- big batches: planned per firing (a cached plan keeps the first firing's row estimate)
  IF (SELECT count(*) FROM new_rows) > 64 THEN
    EXECUTE 'WITH r AS (
    SELECT n."id", n."url_id", n."created_at", n."price", n."currency", n."available", n."regular_price",
           n."shipping", CASE WHEN n."offers" IS NOT NULL THEN "reading_seller"(n."offers", n."price") END AS seller
      FROM new_rows n
  ), l AS (
    SELECT DISTINCT ON (r."url_id") r.* FROM r ORDER BY r."url_id", r."created_at" DESC, r."id" DESC
  ), w AS (
    -- whether a new row and every newer new row of its URL show the newest value
    SELECT r."url_id", r."created_at", r."id",
           bool_and((r."price", r."currency", r."available", r."shipping", r.seller)
                    IS NOT DISTINCT FROM (l."price", l."currency", l."available", l."shipping", l.seller))
             OVER (PARTITION BY r."url_id" ORDER BY r."created_at" DESC, r."id" DESC) AS same
      FROM r JOIN l ON l."url_id" = r."url_id"
  ), s AS (
    SELECT w."url_id", min(w."created_at") FILTER (WHERE w.same) AS run_at, bool_and(w.same) AS all_same
      FROM w GROUP BY w."url_id"
  ), up AS (
    UPDATE "product_urls" u
       SET "latest_reading_id" = l."id", "latest_price" = l."price", "latest_currency" = l."currency",
           "latest_available" = l."available", "latest_regular_price" = l."regular_price",
           "latest_shipping" = l."shipping", "latest_at" = l."created_at", "latest_seller" = l.seller,
           "changed_at" = CASE WHEN NOT s.all_same OR u."latest_reading_id" IS NULL
                                    OR (u."latest_price", u."latest_currency", u."latest_available", u."latest_shipping",
                                        u."latest_seller")
                                       IS DISTINCT FROM (l."price", l."currency", l."available", l."shipping", l.seller)
                               THEN s.run_at ELSE coalesce(u."changed_at", s.run_at) END,
           -- a new value: the latest one (uncorrected, else walked) becomes the previous one
           ("prev_price", "prev_currency", "prev_available", "prev_shipping", "prev_seller", "prev_changed_at") = (SELECT u."latest_price", u."latest_currency", u."latest_available", u."latest_shipping", u."latest_seller", u."changed_at"
                          WHERE u."latest_reading_id" IS NOT NULL
                            AND (u."latest_price", u."latest_currency", u."latest_available", u."latest_shipping",
                                 u."latest_seller")
                                IS DISTINCT FROM (l."price", l."currency", l."available", l."shipping", l.seller)
                         UNION ALL SELECT u."prev_price", u."prev_currency", u."prev_available", u."prev_shipping", u."prev_seller", u."prev_changed_at" WHERE u."latest_reading_id" IS NOT NULL
                            AND (u."latest_price", u."latest_currency", u."latest_available", u."latest_shipping",
                                 u."latest_seller")
                                IS NOT DISTINCT FROM (l."price", l."currency", l."available", l."shipping", l.seller)
                         UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL::timestamptz WHERE u."latest_reading_id" IS NULL)
      FROM l JOIN s ON s."url_id" = l."url_id"
     WHERE u."id" = l."url_id"
       AND (u."latest_reading_id" IS NULL OR (l."created_at", l."id") > (u."latest_at", u."latest_reading_id"))
    RETURNING u."id", s.all_same
  )
  SELECT ARRAY(SELECT up."id" FROM up WHERE NOT up.all_same)' INTO several;
  ELSE
  WITH r AS (
    SELECT n."id", n."url_id", n."created_at", n."price", n."currency", n."available", n."regular_price",
           n."shipping", CASE WHEN n."offers" IS NOT NULL THEN "reading_seller"(n."offers", n."price") END AS seller
      FROM new_rows n
  ), l AS (
    SELECT DISTINCT ON (r."url_id") r.* FROM r ORDER BY r."url_id", r."created_at" DESC, r."id" DESC
  ), w AS (
    -- whether a new row and every newer new row of its URL show the newest value
    SELECT r."url_id", r."created_at", r."id",
           bool_and((r."price", r."currency", r."available", r."shipping", r.seller)
                    IS NOT DISTINCT FROM (l."price", l."currency", l."available", l."shipping", l.seller))
             OVER (PARTITION BY r."url_id" ORDER BY r."created_at" DESC, r."id" DESC) AS same
      FROM r JOIN l ON l."url_id" = r."url_id"
  ), s AS (
    SELECT w."url_id", min(w."created_at") FILTER (WHERE w.same) AS run_at, bool_and(w.same) AS all_same
      FROM w GROUP BY w."url_id"
  ), up AS (
    UPDATE "product_urls" u
       SET "latest_reading_id" = l."id", "latest_price" = l."price", "latest_currency" = l."currency",
           "latest_available" = l."available", "latest_regular_price" = l."regular_price",
           "latest_shipping" = l."shipping", "latest_at" = l."created_at", "latest_seller" = l.seller,
           "changed_at" = CASE WHEN NOT s.all_same OR u."latest_reading_id" IS NULL
                                    OR (u."latest_price", u."latest_currency", u."latest_available", u."latest_shipping",
                                        u."latest_seller")
                                       IS DISTINCT FROM (l."price", l."currency", l."available", l."shipping", l.seller)
                               THEN s.run_at ELSE coalesce(u."changed_at", s.run_at) END,
           -- a new value: the latest one (uncorrected, else walked) becomes the previous one
           ("prev_price", "prev_currency", "prev_available", "prev_shipping", "prev_seller", "prev_changed_at") = (SELECT u."latest_price", u."latest_currency", u."latest_available", u."latest_shipping", u."latest_seller", u."changed_at"
                          WHERE u."latest_reading_id" IS NOT NULL
                            AND (u."latest_price", u."latest_currency", u."latest_available", u."latest_shipping",
                                 u."latest_seller")
                                IS DISTINCT FROM (l."price", l."currency", l."available", l."shipping", l.seller)
                         UNION ALL SELECT u."prev_price", u."prev_currency", u."prev_available", u."prev_shipping", u."prev_seller", u."prev_changed_at" WHERE u."latest_reading_id" IS NOT NULL
                            AND (u."latest_price", u."latest_currency", u."latest_available", u."latest_shipping",
                                 u."latest_seller")
                                IS NOT DISTINCT FROM (l."price", l."currency", l."available", l."shipping", l.seller)
                         UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL::timestamptz WHERE u."latest_reading_id" IS NULL)
      FROM l JOIN s ON s."url_id" = l."url_id"
     WHERE u."id" = l."url_id"
       AND (u."latest_reading_id" IS NULL OR (l."created_at", l."id") > (u."latest_at", u."latest_reading_id"))
    RETURNING u."id", s.all_same
  )
  SELECT ARRAY(SELECT up."id" FROM up WHERE NOT up.all_same) INTO several;
  END IF;
  late := ARRAY(SELECT DISTINCT x FROM unnest(late || several) AS x);
  IF cardinality(late) > 0 THEN
    PERFORM "product_urls_changed_refresh"(late);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deletion within the current or the previous run with an older reading left walks the URL again (a purge
-- deletes the oldest readings: no earlier reading survives it; prev_* then begin before the retention cutoff, which
-- the changes do not trust).
CREATE OR REPLACE FUNCTION "price_history_latest_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_urls" u
     SET "latest_reading_id" = r."id", "latest_price" = r."price", "latest_currency" = r."currency",
         "latest_available" = r."available", "latest_regular_price" = r."regular_price",
         "latest_shipping" = r."shipping", "latest_at" = r."created_at",
         "latest_seller" = "reading_seller"(r."offers", r."price")
    FROM (SELECT DISTINCT d."url_id" FROM old_rows d
            JOIN "product_urls" p ON p."id" = d."url_id" AND p."latest_reading_id" = d."id") o
    LEFT JOIN LATERAL (
      SELECT h."id", h."price", h."currency", h."available", h."regular_price", h."shipping", h."offers", h."created_at"
        FROM "price_history" h WHERE h."url_id" = o."url_id"
       ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) r ON true
   WHERE u."id" = o."url_id";
  PERFORM "product_urls_changed_refresh"(ARRAY(
    SELECT u."id" FROM (SELECT d."url_id", max(d."created_at") AS at FROM old_rows d GROUP BY d."url_id") d
      JOIN "product_urls" u ON u."id" = d."url_id"
     WHERE (u."changed_at" IS NOT NULL AND d.at >= u."changed_at"
            AND EXISTS (SELECT 1 FROM "price_history" h WHERE h."url_id" = u."id" AND h."created_at" < u."changed_at"))
        OR (u."prev_changed_at" IS NOT NULL AND d.at >= u."prev_changed_at"
            AND EXISTS (SELECT 1 FROM "price_history" h WHERE h."url_id" = u."id" AND h."created_at" < u."prev_changed_at"))));
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT "product_urls_changed_refresh"(ARRAY(SELECT "id" FROM "product_urls" WHERE "latest_reading_id" IS NOT NULL));
