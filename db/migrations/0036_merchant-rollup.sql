CREATE TABLE "product_merchants" (
	"product_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"domain" text NOT NULL,
	"own" text NOT NULL,
	"seller" text,
	"own_name" text,
	"names" text[] NOT NULL,
	"urls" integer NOT NULL,
	"out_of_stock" integer NOT NULL,
	"cents" bigint,
	"cheapest" boolean NOT NULL,
	"my_cents" bigint,
	CONSTRAINT "product_merchants_pk" PRIMARY KEY("product_id","basis","domain","own")
);
--> statement-breakpoint
ALTER TABLE "product_merchants" ADD CONSTRAINT "product_merchants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_merchants" ADD CONSTRAINT "product_merchants_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the merchants' table reads a workspace's rows of one basis in merchant order: one index-only range, no sort
CREATE INDEX "product_merchants_workspace_idx" ON "product_merchants" USING btree ("workspace_id","basis","domain","own") INCLUDE ("seller","own_name","names","urls","out_of_stock","cents","cheapest","my_cents");
--> statement-breakpoint
-- The merchants of the given products as lib/insights/get-merchants.ts tallies them live from product_urls'
-- latest_* copy, per basis, against the products' product_market rows (their lowest comparable amount and 'mon
-- prix', same comparability). Rows whose values do not change are not rewritten.
CREATE FUNCTION "product_merchants_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH o AS (
    SELECT m."product_id", m."workspace_id", m."basis", m."min_cents", m."my_cents", u."merchant_domain" AS domain,
           s.seller, coalesce('seller:' || lower(s.seller), u."merchant_own") AS own, u."name",
           coalesce(u."latest_available", false) AS available,
           CASE WHEN coalesce(u."latest_available", false) AND u."latest_price" IS NOT NULL
                     AND upper(coalesce(nullif(btrim(u."latest_currency"), ''), 'EUR')) = 'EUR'
                THEN ((u."latest_price" + CASE WHEN m."basis" = 'total' THEN coalesce(u."latest_shipping", 0) ELSE 0 END)
                      * 100)::bigint END AS cents
      FROM "product_market" m
     -- a probe per product (product_urls_product_url_unique) whatever the estimates: the workspace is checked
     -- outside (OFFSET 0 keeps it there), or empty statistics make the workspace's index look as cheap
     CROSS JOIN LATERAL (
       SELECT u.* FROM "product_urls" u
        WHERE u."product_id" = m."product_id" AND u."latest_reading_id" IS NOT NULL AND u."latest_at" IS NOT NULL
       OFFSET 0) u
     CROSS JOIN LATERAL (SELECT nullif(regexp_replace(btrim(u."latest_seller"), '[[:space:]]+', ' ', 'g'), '') AS seller) s
     WHERE m."product_id" = ANY(ids) AND u."workspace_id" = m."workspace_id"
  ), f AS (
    SELECT o."product_id", o."workspace_id", o."basis", o.domain, o.own, min(o.seller) AS seller,
           min(btrim(o."name")) AS own_name, array_agg(DISTINCT o."name" ORDER BY o."name") AS names,
           count(*)::int AS urls, count(*) FILTER (WHERE NOT o.available)::int AS out_of_stock, min(o.cents) AS cents,
           coalesce(min(o.cents) = min(o."min_cents"), false) AS cheapest, min(o."my_cents") AS my_cents
      FROM o GROUP BY o."product_id", o."workspace_id", o."basis", o.domain, o.own
  ), gone AS (
    -- a hashed NOT IN whatever the estimates (a search through f per row is quadratic in a batch)
    DELETE FROM "product_merchants" x
     WHERE x."product_id" = ANY(ids)
       AND (x."product_id", x."basis", x."domain", x."own") NOT IN (SELECT f."product_id", f."basis", f.domain, f.own FROM f)
  )
  INSERT INTO "product_merchants" ("product_id", "workspace_id", "basis", "domain", "own", "seller", "own_name", "names",
                                   "urls", "out_of_stock", "cents", "cheapest", "my_cents")
  SELECT * FROM f
  ON CONFLICT ("product_id", "basis", "domain", "own") DO UPDATE
     SET "workspace_id" = excluded."workspace_id", "seller" = excluded."seller", "own_name" = excluded."own_name",
         "names" = excluded."names", "urls" = excluded."urls", "out_of_stock" = excluded."out_of_stock",
         "cents" = excluded."cents", "cheapest" = excluded."cheapest", "my_cents" = excluded."my_cents"
   WHERE ("product_merchants"."workspace_id", "product_merchants"."seller", "product_merchants"."own_name",
          "product_merchants"."names", "product_merchants"."urls", "product_merchants"."out_of_stock",
          "product_merchants"."cents", "product_merchants"."cheapest", "product_merchants"."my_cents")
         IS DISTINCT FROM (excluded."workspace_id", excluded."seller", excluded."own_name", excluded."names",
                           excluded."urls", excluded."out_of_stock", excluded."cents", excluded."cheapest",
                           excluded."my_cents")
$$;
--> statement-breakpoint
-- product_market_refresh upserts both rows of every product it is given (a product created, renamed, repriced or
-- moved; a URL's latest reading, address, name or product changed; a URL added or deleted), under the product's row
-- lock; a deleted product's rows go with it (foreign key)
CREATE FUNCTION "product_merchants_on_market"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_merchants_refresh"(ARRAY(SELECT DISTINCT "product_id" FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_merchants_market_insert" AFTER INSERT ON "product_market"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_merchants_on_market"();
--> statement-breakpoint
CREATE TRIGGER "product_merchants_market_update" AFTER UPDATE ON "product_market"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_merchants_on_market"();
--> statement-breakpoint
SELECT "product_merchants_refresh"(ARRAY(SELECT "product_id" FROM "product_market" WHERE "basis" = 'price'));