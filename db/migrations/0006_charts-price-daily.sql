CREATE TABLE "price_daily" (
	"url_id" uuid NOT NULL,
	"day" date NOT NULL,
	"readings" integer NOT NULL,
	"priced" integer NOT NULL,
	"price_sum" numeric(16, 2),
	"min_price" numeric(12, 2),
	"min_at" timestamp with time zone,
	"max_price" numeric(12, 2),
	"max_at" timestamp with time zone,
	"first_id" bigint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"first_price" numeric(12, 2),
	"last_id" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_price" numeric(12, 2),
	"last_regular_price" numeric(12, 2),
	"last_available" boolean NOT NULL,
	"last_currency" char(3),
	CONSTRAINT "price_daily_pk" PRIMARY KEY("url_id","day")
);
--> statement-breakpoint
ALTER TABLE "price_daily" ADD CONSTRAINT "price_daily_url_id_product_urls_id_fk" FOREIGN KEY ("url_id") REFERENCES "public"."product_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- price_daily: one row per URL and Europe/Paris day of price_history (columns documented in
-- db/schema/price-daily.ts). Inserted readings are merged into their day's row (ON CONFLICT re-reads the
-- committed row, so concurrent scrapes of one URL add up); deleted readings make their days recomputed from
-- price_history, under a row lock taken first so that a concurrent insert merges on top of the result.
CREATE FUNCTION "price_daily_recompute"(keys_url uuid[], keys_day date[]) RETURNS void LANGUAGE plpgsql AS $$
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
          FROM (SELECT CASE WHEN h."available" THEN h."price" END AS p FROM "price_history" h
                 WHERE h."url_id" = k.url_id AND h."created_at" >= k.lo AND h."created_at" < k.hi) x) s
      LEFT JOIN LATERAL (
        SELECT h."id", h."created_at", CASE WHEN h."available" THEN h."price" END AS p FROM "price_history" h
         WHERE h."url_id" = k.url_id AND h."created_at" >= k.lo AND h."created_at" < k.hi
         ORDER BY h."created_at", h."id" LIMIT 1) f ON true
      LEFT JOIN LATERAL (
        SELECT h."id", h."created_at", CASE WHEN h."available" THEN h."price" END AS p, h."regular_price",
               h."available", h."currency" FROM "price_history" h
         WHERE h."url_id" = k.url_id AND h."created_at" >= k.lo AND h."created_at" < k.hi
         ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) l ON true
      LEFT JOIN LATERAL (
        SELECT h."created_at", h."price" AS p FROM "price_history" h
         WHERE h."url_id" = k.url_id AND h."created_at" >= k.lo AND h."created_at" < k.hi
           AND h."available" AND h."price" IS NOT NULL
         ORDER BY h."price", h."created_at" LIMIT 1) mn ON true
      LEFT JOIN LATERAL (
        SELECT h."created_at", h."price" AS p FROM "price_history" h
         WHERE h."url_id" = k.url_id AND h."created_at" >= k.lo AND h."created_at" < k.hi
           AND h."available" AND h."price" IS NOT NULL
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
CREATE FUNCTION "price_daily_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH n AS (
    SELECT "id", "url_id", "created_at", ("created_at" AT TIME ZONE 'Europe/Paris')::date AS day,
           CASE WHEN "available" THEN "price" END AS p, "regular_price", "available", "currency"
      FROM new_rows
  ), s AS (
    SELECT "url_id", day, count(*)::int AS readings, count(p)::int AS priced, sum(p) AS price_sum
      FROM n GROUP BY "url_id", day
  ), f AS (
    SELECT DISTINCT ON ("url_id", day) * FROM n ORDER BY "url_id", day, "created_at", "id"
  ), l AS (
    SELECT DISTINCT ON ("url_id", day) * FROM n ORDER BY "url_id", day, "created_at" DESC, "id" DESC
  ), mn AS (
    SELECT DISTINCT ON ("url_id", day) * FROM n WHERE p IS NOT NULL ORDER BY "url_id", day, p, "created_at"
  ), mx AS (
    SELECT DISTINCT ON ("url_id", day) * FROM n WHERE p IS NOT NULL ORDER BY "url_id", day, p DESC, "created_at"
  )
  INSERT INTO "price_daily" AS d ("url_id", "day", "readings", "priced", "price_sum", "min_price", "min_at",
         "max_price", "max_at", "first_id", "first_at", "first_price", "last_id", "last_at", "last_price",
         "last_regular_price", "last_available", "last_currency")
  SELECT s."url_id", s.day, s.readings, s.priced, s.price_sum, mn.p, mn."created_at", mx.p, mx."created_at",
         f."id", f."created_at", f.p, l."id", l."created_at", l.p, l."regular_price", l."available", l."currency"
    FROM s
    JOIN f ON f."url_id" = s."url_id" AND f.day = s.day
    JOIN l ON l."url_id" = s."url_id" AND l.day = s.day
    LEFT JOIN mn ON mn."url_id" = s."url_id" AND mn.day = s.day
    LEFT JOIN mx ON mx."url_id" = s."url_id" AND mx.day = s.day
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
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_daily_insert" AFTER INSERT ON "price_history"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_daily_on_insert"();
--> statement-breakpoint
CREATE FUNCTION "price_daily_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  urls uuid[];
  days date[];
BEGIN
  SELECT array_agg("url_id"), array_agg(day) INTO urls, days
    FROM (SELECT DISTINCT "url_id", ("created_at" AT TIME ZONE 'Europe/Paris')::date AS day FROM old_rows) k;
  IF urls IS NOT NULL THEN
    PERFORM "price_daily_recompute"(urls, days);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_daily_delete" AFTER DELETE ON "price_history"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_daily_on_delete"();
--> statement-breakpoint
SELECT "price_daily_recompute"(array_agg("url_id"), array_agg(day))
  FROM (SELECT DISTINCT "url_id", ("created_at" AT TIME ZONE 'Europe/Paris')::date AS day FROM "price_history") k
 WHERE k."url_id" IS NOT NULL;
