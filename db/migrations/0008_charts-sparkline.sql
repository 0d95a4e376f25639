ALTER TABLE "products" ADD COLUMN "sparkline_from" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sparkline" integer[];--> statement-breakpoint
-- products.sparkline: the lowest EUR price (cents) of each of the 30 Europe/Paris days from sparkline_from,
-- from price_daily, so the products list reads one small array per product. Refreshed when price_daily rows of
-- those 30 days change and when a product loses a URL; rows are locked in id order (no deadlock between two
-- statements touching several products).
CREATE FUNCTION "products_sparkline_refresh"(product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "products" WHERE "id" = ANY(product_ids) ORDER BY "id" FOR UPDATE;
  WITH d0 AS (
    SELECT (now() AT TIME ZONE 'Europe/Paris')::date - 29 AS d0
  ), m AS (
    SELECT u."product_id" AS pid, d."day", min(d."min_price") AS m
      FROM d0, "product_urls" u JOIN "price_daily" d ON d."url_id" = u."id"
     WHERE u."product_id" = ANY(product_ids) AND d."day" >= d0.d0 AND d."day" <= d0.d0 + 29
       AND d."min_price" IS NOT NULL AND coalesce(nullif(trim(d."last_currency"), ''), 'EUR') = 'EUR'
     GROUP BY 1, 2
  )
  UPDATE "products" p
     SET "sparkline_from" = d0.d0,
         "sparkline" = CASE WHEN EXISTS (SELECT 1 FROM m WHERE m.pid = p."id") THEN
           (SELECT array_agg((m.m * 100)::int ORDER BY g)
              FROM generate_series(0, 29) g LEFT JOIN m ON m.pid = p."id" AND m."day" = d0.d0 + g) END
    FROM d0
   WHERE p."id" = ANY(product_ids);
END $$;
--> statement-breakpoint
CREATE FUNCTION "price_daily_sparkline_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT u."product_id") INTO ids FROM old_rows r JOIN "product_urls" u ON u."id" = r."url_id"
     WHERE r."day" >= (now() AT TIME ZONE 'Europe/Paris')::date - 29;
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
CREATE TRIGGER "price_daily_sparkline_insert" AFTER INSERT ON "price_daily"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_daily_sparkline_on_change"();
--> statement-breakpoint
CREATE TRIGGER "price_daily_sparkline_update" AFTER UPDATE ON "price_daily"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_daily_sparkline_on_change"();
--> statement-breakpoint
CREATE TRIGGER "price_daily_sparkline_delete" AFTER DELETE ON "price_daily"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_daily_sparkline_on_change"();
--> statement-breakpoint
CREATE FUNCTION "product_urls_sparkline_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT "product_id") INTO ids FROM old_rows;
  IF ids IS NOT NULL THEN
    PERFORM "products_sparkline_refresh"(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_urls_sparkline_delete" AFTER DELETE ON "product_urls"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_urls_sparkline_on_delete"();
--> statement-breakpoint
SELECT "products_sparkline_refresh"(array_agg("id")) FROM "products";
