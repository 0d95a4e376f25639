ALTER TABLE "product_urls" ADD COLUMN "latest_seller" text;--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "product_urls_workspace_changed_idx" ON "product_urls" USING btree ("workspace_id","changed_at") WHERE "product_urls"."changed_at" is not null;--> statement-breakpoint
-- The seller of the offer a reading's price comes from, as lib/history sellerOf reads the stored offers: among the
-- offers at that price (cents, truncated like toCents), the buy-box one, else a new one, else the first; null
-- without offers, without one at that price, or when its seller is not a text.
CREATE FUNCTION "reading_seller"(offers jsonb, price numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(e.o -> 'seller') = 'string' THEN e.o ->> 'seller' END
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(offers) = 'array' THEN offers ELSE '[]'::jsonb END)
         WITH ORDINALITY AS e(o, i)
   WHERE price IS NOT NULL AND jsonb_typeof(e.o) = 'object'
     AND CASE jsonb_typeof(e.o -> 'price')
           WHEN 'string' THEN CASE WHEN btrim(e.o ->> 'price', E' \t\n\r') ~ '^-?[0-9]+(\.[0-9]+)?$'
                                   THEN trunc(btrim(e.o ->> 'price', E' \t\n\r')::numeric * 100) END
           WHEN 'number' THEN round((e.o ->> 'price')::numeric, 2) * 100
         END = price * 100
   ORDER BY coalesce(e.o -> 'buyBox' = 'true'::jsonb, false) DESC,
            coalesce(e.o ->> 'condition' NOT IN ('used', 'refurbished'), true) DESC, e.i
   LIMIT 1
$$;
--> statement-breakpoint
-- product_urls.changed_at of the given URLs from their readings: the first reading after the latest one whose
-- value (price, currency, availability, shipping, seller; a corrected reading's value is its correction's) differs
-- from the latest reading's, or the URL's first reading; null without readings. A walk back over the current run.
CREATE FUNCTION "product_urls_changed_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "product_urls" u SET "changed_at" = coalesce(a."created_at", CASE WHEN d."id" IS NULL THEN f."created_at" END)
    FROM unnest(ids) AS k(id)
    LEFT JOIN LATERAL (
      SELECT (CASE WHEN c."id" IS NULL THEN h."price" ELSE c."price" END, CASE WHEN c."id" IS NULL THEN h."currency" ELSE c."currency" END, CASE WHEN c."id" IS NULL THEN h."available" ELSE c."available" END, CASE WHEN c."id" IS NULL THEN h."shipping" ELSE c."shipping" END, CASE WHEN c."id" IS NOT NULL THEN "reading_seller"(c."offers", c."price") WHEN h."offers" IS NOT NULL THEN "reading_seller"(h."offers", h."price") END) AS v
        FROM "price_history" h LEFT JOIN "price_history" c ON c."id" = h."corrected_by"
       WHERE h."url_id" = k.id ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) l ON true
    LEFT JOIN LATERAL (
      SELECT h."created_at", h."id"
        FROM "price_history" h LEFT JOIN "price_history" c ON c."id" = h."corrected_by"
       WHERE h."url_id" = k.id AND (CASE WHEN c."id" IS NULL THEN h."price" ELSE c."price" END, CASE WHEN c."id" IS NULL THEN h."currency" ELSE c."currency" END, CASE WHEN c."id" IS NULL THEN h."available" ELSE c."available" END, CASE WHEN c."id" IS NULL THEN h."shipping" ELSE c."shipping" END, CASE WHEN c."id" IS NOT NULL THEN "reading_seller"(c."offers", c."price") WHEN h."offers" IS NOT NULL THEN "reading_seller"(h."offers", h."price") END) IS DISTINCT FROM l.v
       ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) d ON true
    LEFT JOIN LATERAL (
      SELECT h."created_at" FROM "price_history" h
       WHERE h."url_id" = k.id AND (h."created_at", h."id") > (d."created_at", d."id")
       ORDER BY h."created_at", h."id" LIMIT 1) a ON true
    LEFT JOIN LATERAL (
      SELECT h."created_at" FROM "price_history" h WHERE h."url_id" = k.id ORDER BY h."created_at", h."id" LIMIT 1) f
      ON true
   WHERE u."id" = k.id
$$;
--> statement-breakpoint
-- The latest copy (migration 0005) now also keeps latest_seller and changed_at: new readings newer than the
-- URL's latest extend its run when they show its value, else start one at the first of the newest equal ones; a
-- URL given a reading older than its latest is walked again.
CREATE OR REPLACE FUNCTION "price_history_latest_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  late uuid[];
BEGIN
  late := ARRAY(SELECT DISTINCT o."url_id" FROM (SELECT DISTINCT ON (n."url_id") n."url_id", n."created_at", n."id" FROM new_rows n
                                        ORDER BY n."url_id", n."created_at", n."id") o
      JOIN "product_urls" u ON u."id" = o."url_id"
     WHERE u."latest_reading_id" IS NOT NULL AND (o."created_at", o."id") <= (u."latest_at", u."latest_reading_id"));
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
  )
  UPDATE "product_urls" u
     SET "latest_reading_id" = l."id", "latest_price" = l."price", "latest_currency" = l."currency",
         "latest_available" = l."available", "latest_regular_price" = l."regular_price",
         "latest_shipping" = l."shipping", "latest_at" = l."created_at", "latest_seller" = l.seller,
         "changed_at" = CASE WHEN NOT s.all_same OR u."latest_reading_id" IS NULL
                                  OR (u."latest_price", u."latest_currency", u."latest_available", u."latest_shipping",
                                      u."latest_seller")
                                     IS DISTINCT FROM (l."price", l."currency", l."available", l."shipping", l.seller)
                             THEN s.run_at ELSE coalesce(u."changed_at", s.run_at) END
    FROM l JOIN s ON s."url_id" = l."url_id"
   WHERE u."id" = l."url_id"
     AND (u."latest_reading_id" IS NULL OR (l."created_at", l."id") > (u."latest_at", u."latest_reading_id"))';
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
  )
  UPDATE "product_urls" u
     SET "latest_reading_id" = l."id", "latest_price" = l."price", "latest_currency" = l."currency",
         "latest_available" = l."available", "latest_regular_price" = l."regular_price",
         "latest_shipping" = l."shipping", "latest_at" = l."created_at", "latest_seller" = l.seller,
         "changed_at" = CASE WHEN NOT s.all_same OR u."latest_reading_id" IS NULL
                                  OR (u."latest_price", u."latest_currency", u."latest_available", u."latest_shipping",
                                      u."latest_seller")
                                     IS DISTINCT FROM (l."price", l."currency", l."available", l."shipping", l.seller)
                             THEN s.run_at ELSE coalesce(u."changed_at", s.run_at) END
    FROM l JOIN s ON s."url_id" = l."url_id"
   WHERE u."id" = l."url_id"
     AND (u."latest_reading_id" IS NULL OR (l."created_at", l."id") > (u."latest_at", u."latest_reading_id"));
  END IF;
  IF cardinality(late) > 0 THEN
    PERFORM "product_urls_changed_refresh"(late);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The latest reading deleted: its seller follows; a corrected_by set or cleared changes a reading's value, and a
-- deleted reading within the current run may have been its first: those URLs are walked again (a purge deletes
-- the oldest readings: no earlier reading survives it, nothing to walk).
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
     WHERE u."changed_at" IS NOT NULL AND d.at >= u."changed_at"
       AND EXISTS (SELECT 1 FROM "price_history" h WHERE h."url_id" = u."id" AND h."created_at" < u."changed_at")));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "price_history_changed_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_urls_changed_refresh"(ARRAY(
    SELECT DISTINCT n."url_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
     WHERE n."corrected_by" IS DISTINCT FROM o."corrected_by"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_history_changed_update" AFTER UPDATE ON "price_history"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "price_history_changed_on_update"();
--> statement-breakpoint
-- The changes' baselines read the shipping too (the 'total' basis): still one index-only range per URL.
DROP INDEX IF EXISTS "price_history_url_latest_idx";--> statement-breakpoint
CREATE INDEX "price_history_url_latest_idx" ON "price_history" USING btree ("url_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("price","currency","available","corrected_by","shipping");
--> statement-breakpoint
UPDATE "product_urls" u SET "latest_seller" = "reading_seller"(h."offers", h."price")
  FROM "price_history" h WHERE h."id" = u."latest_reading_id" AND h."offers" IS NOT NULL;
--> statement-breakpoint
SELECT "product_urls_changed_refresh"(ARRAY(SELECT "id" FROM "product_urls" WHERE "latest_reading_id" IS NOT NULL));
