CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_workspace_created_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "url_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lowest_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "uncertain_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "paused_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "blocked_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "last_change_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin_codes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(replace(replace(lower("name" || ' ' || coalesce("sku", '') || ' ' || coalesce("brand", '') || ' ' || coalesce("mpn", '') || ' ' || "gtin_codes"), 'œ', 'oe'), 'æ', 'ae'), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_key" text GENERATED ALWAYS AS (translate(replace(replace(lower("name"), 'œ', 'oe'), 'æ', 'ae'), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gap_bp" integer GENERATED ALWAYS AS (case when "reference_price" > 0 and "lowest_price" > 0 then round(("reference_price" - "lowest_price") * 10000 / "lowest_price")::integer end) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "position" text GENERATED ALWAYS AS (case when coalesce("reference_price", 0) = 0 then null when "lowest_price" is null then 'no_market' when abs("reference_price" - "lowest_price") * 100 <= "lowest_price" then 'aligned' when "reference_price" < "lowest_price" then 'cheapest' else 'dearer' end) STORED;--> statement-breakpoint
CREATE INDEX "products_workspace_name_idx" ON "products" USING btree ("workspace_id","name_key","id");--> statement-breakpoint
CREATE INDEX "products_workspace_gap_asc_idx" ON "products" USING btree ("workspace_id",coalesce("gap_bp", 2147483647),"id");--> statement-breakpoint
CREATE INDEX "products_workspace_gap_desc_idx" ON "products" USING btree ("workspace_id",coalesce("gap_bp", -2147483648),"id");--> statement-breakpoint
CREATE INDEX "products_workspace_price_asc_idx" ON "products" USING btree ("workspace_id",coalesce("lowest_price", 'Infinity'),"id");--> statement-breakpoint
CREATE INDEX "products_workspace_price_desc_idx" ON "products" USING btree ("workspace_id",coalesce("lowest_price", '-Infinity'),"id");--> statement-breakpoint
CREATE INDEX "products_workspace_change_asc_idx" ON "products" USING btree ("workspace_id",coalesce("last_change_at", 'infinity'),"id");--> statement-breakpoint
CREATE INDEX "products_workspace_change_desc_idx" ON "products" USING btree ("workspace_id",coalesce("last_change_at", '-infinity'),"id");--> statement-breakpoint
CREATE INDEX "products_workspace_position_idx" ON "products" USING btree ("workspace_id","position");--> statement-breakpoint
CREATE INDEX "products_uncertain_idx" ON "products" USING btree ("workspace_id","created_at","id") WHERE "products"."uncertain_count" > 0;--> statement-breakpoint
CREATE INDEX "products_blocked_idx" ON "products" USING btree ("workspace_id","created_at","id") WHERE "products"."blocked_count" > 0;--> statement-breakpoint
CREATE INDEX "products_failing_idx" ON "products" USING btree ("workspace_id","created_at","id") WHERE "products"."failed_count" > 0;--> statement-breakpoint
CREATE INDEX "products_paused_idx" ON "products" USING btree ("workspace_id","created_at","id") WHERE "products"."paused_count" > 0;--> statement-breakpoint
CREATE INDEX "products_no_url_idx" ON "products" USING btree ("workspace_id","created_at","id") WHERE "products"."url_count" = 0;--> statement-breakpoint
CREATE INDEX "products_workspace_brand_idx" ON "products" USING btree ("workspace_id","brand") WHERE "products"."brand" is not null;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_workspace_created_idx" ON "products" USING btree ("workspace_id","created_at","id");
--> statement-breakpoint
-- The list's summary of a product's URLs (lib/products/summary.md), recomputed for the products a statement on
-- product_urls touched, written only when it differs (a scheduler sweep moving next_check_at writes nothing).
CREATE FUNCTION products_refresh_summary(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "products" p
     SET "url_count" = s.url_count, "lowest_price" = s.lowest_price, "uncertain_count" = s.uncertain_count,
         "paused_count" = s.paused_count, "failed_count" = s.failed_count, "blocked_count" = s.blocked_count
    FROM (
      SELECT q.id,
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
        FROM unnest(ids) AS q(id)
        LEFT JOIN "product_urls" u ON u."product_id" = q.id
       GROUP BY q.id
    ) s
   WHERE p."id" = s.id
     AND (p."url_count", p."lowest_price", p."uncertain_count", p."paused_count", p."failed_count", p."blocked_count")
         IS DISTINCT FROM (s.url_count, s.lowest_price, s.uncertain_count, s.paused_count, s.failed_count, s.blocked_count)
$$;--> statement-breakpoint
CREATE FUNCTION product_urls_summary_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM products_refresh_summary(ARRAY(SELECT DISTINCT "product_id" FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_urls_summary_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM products_refresh_summary(ARRAY(SELECT DISTINCT "product_id" FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
-- last_change_at: the time of the newest reading that moved a URL's price or availability (not its first one)
CREATE FUNCTION product_urls_summary_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_urls_summary_ins AFTER INSERT ON "product_urls"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_urls_summary_ins();--> statement-breakpoint
CREATE TRIGGER product_urls_summary_upd AFTER UPDATE ON "product_urls"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_urls_summary_upd();--> statement-breakpoint
CREATE TRIGGER product_urls_summary_del AFTER DELETE ON "product_urls"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_urls_summary_del();--> statement-breakpoint
-- gtin_codes: the product's EAN/GTIN codes as typed, for the search
CREATE FUNCTION products_refresh_gtins(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "products" p SET "gtin_codes" = s.codes
    FROM (
      SELECT q.id, coalesce(string_agg(g."code", ' ' ORDER BY g."position"), '') AS codes
        FROM unnest(ids) AS q(id) LEFT JOIN "product_gtins" g ON g."product_id" = q.id
       GROUP BY q.id
    ) s
   WHERE p."id" = s.id AND p."gtin_codes" IS DISTINCT FROM s.codes
$$;--> statement-breakpoint
CREATE FUNCTION product_gtins_codes_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM products_refresh_gtins(ARRAY(SELECT DISTINCT "product_id" FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_gtins_codes_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM products_refresh_gtins(ARRAY(SELECT DISTINCT "product_id" FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_gtins_codes_ins AFTER INSERT ON "product_gtins"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_gtins_codes_new();--> statement-breakpoint
CREATE TRIGGER product_gtins_codes_upd AFTER UPDATE ON "product_gtins"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_gtins_codes_new();--> statement-breakpoint
CREATE TRIGGER product_gtins_codes_del AFTER DELETE ON "product_gtins"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_gtins_codes_old();--> statement-breakpoint
SELECT products_refresh_summary(ARRAY(SELECT "id" FROM "products"));--> statement-breakpoint
SELECT products_refresh_gtins(ARRAY(SELECT DISTINCT "product_id" FROM "product_gtins"));
