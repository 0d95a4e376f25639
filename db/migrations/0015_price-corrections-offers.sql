ALTER TABLE "price_history" ADD COLUMN "availability_stated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "member_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "coupon_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "offers" jsonb;--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "kind" text DEFAULT 'reading' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "corrected_by" bigint;--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "correcting_id" bigint;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_corrected_by_price_history_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."price_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_corrected_by_idx" ON "price_history" USING btree ("corrected_by") WHERE corrected_by is not null;--> statement-breakpoint
-- A corrected reading (corrected_by set) counts in price_daily's readings but in no price column, like an
-- unavailable one: the chart draws its correction instead.
CREATE OR REPLACE FUNCTION "price_daily_recompute"(keys_url uuid[], keys_day date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "price_daily" d
    JOIN unnest(keys_url, keys_day) AS k(url_id, day) ON d."url_id" = k.url_id AND d."day" = k.day
   ORDER BY d."url_id", d."day" FOR UPDATE OF d;
  WITH k AS (
    SELECT DISTINCT url_id, day,
           (day::timestamp AT TIME ZONE 'Europe/Paris') AS lo, ((day + 1)::timestamp AT TIME ZONE 'Europe/Paris') AS hi
      FROM unnest(keys_url, keys_day) AS k(url_id, day)
  ), r AS (
    SELECT k.url_id, k.day, s.readings, s.priced, s.price_sum, mn.p AS min_price, mn."created_at" AS min_at,
           mx.p AS max_price, mx."created_at" AS max_at, f."id" AS first_id, f."created_at" AS first_at,
           f.p AS first_price, l."id" AS last_id, l."created_at" AS last_at, l.p AS last_price,
           l."regular_price" AS last_regular_price, l."available" AS last_available, l."currency" AS last_currency
      FROM k
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS readings, count(p)::int AS priced, sum(p) AS price_sum
          FROM (SELECT CASE WHEN h."available" AND h."corrected_by" IS NULL THEN h."price" END AS p FROM "price_history" h
                 WHERE h."url_id" = k.url_id AND h."created_at" >= k.lo AND h."created_at" < k.hi) x) s
      LEFT JOIN LATERAL (
        SELECT h."id", h."created_at", CASE WHEN h."available" AND h."corrected_by" IS NULL THEN h."price" END AS p FROM "price_history" h
         WHERE h."url_id" = k.url_id AND h."created_at" >= k.lo AND h."created_at" < k.hi
         ORDER BY h."created_at", h."id" LIMIT 1) f ON true
      LEFT JOIN LATERAL (
        SELECT h."id", h."created_at", CASE WHEN h."available" AND h."corrected_by" IS NULL THEN h."price" END AS p, h."regular_price",
               h."available", h."currency" FROM "price_history" h
         WHERE h."url_id" = k.url_id AND h."created_at" >= k.lo AND h."created_at" < k.hi
         ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) l ON true
      LEFT JOIN LATERAL (
        SELECT h."created_at", h."price" AS p FROM "price_history" h
         WHERE h."url_id" = k.url_id AND h."created_at" >= k.lo AND h."created_at" < k.hi
           AND h."available" AND h."price" IS NOT NULL AND h."corrected_by" IS NULL
         ORDER BY h."price", h."created_at" LIMIT 1) mn ON true
      LEFT JOIN LATERAL (
        SELECT h."created_at", h."price" AS p FROM "price_history" h
         WHERE h."url_id" = k.url_id AND h."created_at" >= k.lo AND h."created_at" < k.hi
           AND h."available" AND h."price" IS NOT NULL AND h."corrected_by" IS NULL
         ORDER BY h."price" DESC, h."created_at" LIMIT 1) mx ON true
  ), gone AS (
    DELETE FROM "price_daily" d USING r WHERE d."url_id" = r.url_id AND d."day" = r.day AND r.readings = 0
  )
  INSERT INTO "price_daily" ("url_id", "day", "readings", "priced", "price_sum", "min_price", "min_at", "max_price",
         "max_at", "first_id", "first_at", "first_price", "last_id", "last_at", "last_price", "last_regular_price",
         "last_available", "last_currency")
  SELECT url_id, day, readings, priced, price_sum, min_price, min_at, max_price, max_at, first_id, first_at,
         first_price, last_id, last_at, last_price, last_regular_price, last_available, last_currency
    FROM r WHERE r.readings > 0
  ON CONFLICT ("url_id", "day") DO UPDATE SET
    "readings" = excluded."readings", "priced" = excluded."priced", "price_sum" = excluded."price_sum",
    "min_price" = excluded."min_price", "min_at" = excluded."min_at", "max_price" = excluded."max_price",
    "max_at" = excluded."max_at", "first_id" = excluded."first_id", "first_at" = excluded."first_at",
    "first_price" = excluded."first_price", "last_id" = excluded."last_id", "last_at" = excluded."last_at",
    "last_price" = excluded."last_price", "last_regular_price" = excluded."last_regular_price",
    "last_available" = excluded."last_available", "last_currency" = excluded."last_currency";
END $$;
--> statement-breakpoint
CREATE FUNCTION "price_history_corrected_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  urls uuid[];
  days date[];
BEGIN
  SELECT array_agg("url_id"), array_agg(day) INTO urls, days
    FROM (SELECT DISTINCT n."url_id", (n."created_at" AT TIME ZONE 'Europe/Paris')::date AS day
            FROM new_rows n JOIN old_rows o ON o."id" = n."id"
           WHERE n."corrected_by" IS DISTINCT FROM o."corrected_by") k;
  IF urls IS NOT NULL THEN
    PERFORM "price_daily_recompute"(urls, days);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_history_corrected_update" AFTER UPDATE ON "price_history"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "price_history_corrected_on_update"();
--> statement-breakpoint
-- The first reading of a URL after the user chose another price on its page (product_urls.correcting_id) is a
-- correction when its value differs from the reading the user saw: it is marked 'correction', and that reading
-- with the readings before it showing the same value (back to the last one that did not) point at it. Then the
-- URL's pending correction is cleared, whatever the value.
CREATE FUNCTION "price_history_correction_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_history_correction_insert" AFTER INSERT ON "price_history"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_history_correction_on_insert"();
