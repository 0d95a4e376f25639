-- The sparkline refresh locks its products FOR NO KEY UPDATE (it changes no key), as the trend bump does:
-- refreshes still queue behind one another, but a request holding a product FOR KEY SHARE (a manual scrape being
-- queued, a reading's foreign key) no longer deadlocks with a URL delete that refreshes the product's sparkline.
CREATE OR REPLACE FUNCTION "products_sparkline_refresh"(product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
  )
  UPDATE "products" p
     SET "sparkline_from" = d0.d0,
         "sparkline" = CASE WHEN EXISTS (SELECT 1 FROM m WHERE m.pid = p."id") THEN
           (SELECT array_agg((m.m * 100)::int ORDER BY g)
              FROM generate_series(0, 29) g LEFT JOIN m ON m.pid = p."id" AND m."day" = d0.d0 + g) END
    FROM d0
   WHERE p."id" = ANY(product_ids);
END $$;
