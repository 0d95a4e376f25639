ALTER TABLE "product_urls" ADD COLUMN "merchant_domain" text GENERATED ALWAYS AS (coalesce(nullif(regexp_replace(lower(substring("url" from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^]]*\]|[^/?#:]*)')), '^www\.', ''), ''), "url")) STORED;--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "merchant_own" text GENERATED ALWAYS AS (case when regexp_replace(regexp_replace(lower(regexp_replace("name", '^\s+|\s+$', '', 'g')), '\s+', ' ', 'g'), '^www\.', '') in ('', coalesce(nullif(regexp_replace(lower(substring("url" from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^]]*\]|[^/?#:]*)')), '^www\.', ''), ''), "url"), split_part(coalesce(nullif(regexp_replace(lower(substring("url" from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^]]*\]|[^/?#:]*)')), '^www\.', ''), ''), "url"), '.', 1)) then '' else regexp_replace(regexp_replace(lower(regexp_replace("name", '^\s+|\s+$', '', 'g')), '\s+', ' ', 'g'), '^www\.', '') end) STORED;--> statement-breakpoint
ALTER TABLE "product_market" ADD COLUMN "my_cents" bigint;--> statement-breakpoint
ALTER TABLE "product_market" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "product_market" ADD COLUMN "gap_bp" bigint GENERATED ALWAYS AS (case when "n" > 0 then round(("my_cents" - "min_cents")::numeric * 10000 / nullif(abs("min_cents"), 0))::bigint end) STORED;--> statement-breakpoint
ALTER TABLE "product_market" ADD COLUMN "avg_gap_bp" bigint GENERATED ALWAYS AS (case when "n" > 0 then round(("my_cents" - round("sum_cents"::numeric / nullif("n", 0)))::numeric * 10000 / nullif(abs(round("sum_cents"::numeric / nullif("n", 0))), 0))::bigint end) STORED;--> statement-breakpoint
ALTER TABLE "product_market" ADD COLUMN "index_bp" bigint GENERATED ALWAYS AS (case when "n" > 0 then round(("my_cents")::numeric * 10000 / nullif(abs(round("sum_cents"::numeric / nullif("n", 0))), 0))::bigint end) STORED;--> statement-breakpoint
ALTER TABLE "product_market" ADD COLUMN "position_rank" smallint GENERATED ALWAYS AS (case when "my_cents" is null then null when "n" = 0 then 3 when abs("my_cents" - "min_cents") * 100 <= "min_cents" then 1 when "my_cents" < "min_cents" then 0 else 2 end) STORED;--> statement-breakpoint
CREATE INDEX "product_market_gap_idx" ON "product_market" USING btree ("workspace_id","basis",coalesce(-"gap_bp", 9223372036854775807),"name_key","product_id") WHERE "product_market"."my_cents" is not null;--> statement-breakpoint
CREATE INDEX "product_market_avg_gap_idx" ON "product_market" USING btree ("workspace_id","basis",coalesce(-"avg_gap_bp", 9223372036854775807),"name_key","product_id") WHERE "product_market"."my_cents" is not null;--> statement-breakpoint
CREATE INDEX "product_market_index_idx" ON "product_market" USING btree ("workspace_id","basis",coalesce(-"index_bp", 9223372036854775807),"name_key","product_id") WHERE "product_market"."my_cents" is not null;--> statement-breakpoint
CREATE INDEX "product_market_name_idx" ON "product_market" USING btree ("workspace_id","basis","name_key","product_id") WHERE "product_market"."my_cents" is not null;--> statement-breakpoint
CREATE INDEX "product_market_position_idx" ON "product_market" USING btree ("workspace_id","basis","position_rank","name_key","product_id") WHERE "product_market"."my_cents" is not null;
--> statement-breakpoint
-- product_market also carries the product's 'mon prix' (my_cents) and folded name (name_key), so that each sort
-- of the overview's lines is one range of its index (the generated keys above): the refresh copies them, and the
-- products triggers below refresh a product when it is created (every product has its two rows, URLs or not)
-- or when its name or 'mon prix' changes. The summary triggers' updates of products change neither: no refresh.
CREATE OR REPLACE FUNCTION "product_market_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "products" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  DELETE FROM "product_market" m WHERE m."product_id" = ANY(ids)
     AND NOT EXISTS (SELECT 1 FROM "products" p WHERE p."id" = m."product_id");
  INSERT INTO "product_market" ("product_id", "workspace_id", "basis", "n", "min_cents", "sum_cents", "max_cents",
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
         "oldest_at" = excluded."oldest_at", "my_cents" = excluded."my_cents", "name_key" = excluded."name_key";
END $$;
--> statement-breakpoint
CREATE FUNCTION "product_market_on_product_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_market_refresh"(ARRAY(SELECT "id" FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_market_product_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_market_on_product_insert"();
--> statement-breakpoint
CREATE FUNCTION "product_market_on_product_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_market_refresh"(ARRAY(
    SELECT n."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     WHERE (o."name", o."reference_price", o."workspace_id") IS DISTINCT FROM (n."name", n."reference_price", n."workspace_id")));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_market_product_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_market_on_product_update"();
--> statement-breakpoint
SELECT "product_market_refresh"(ARRAY(SELECT "id" FROM "products"));
