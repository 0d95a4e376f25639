CREATE TABLE "product_market" (
	"product_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"n" integer NOT NULL,
	"min_cents" bigint,
	"sum_cents" bigint,
	"max_cents" bigint,
	"price_sum_cents" bigint,
	"shipping_unknown" integer NOT NULL,
	"cheapest" jsonb,
	"out_of_stock" integer NOT NULL,
	"other_currency" integer NOT NULL,
	"checked_at" timestamp with time zone,
	"oldest_at" timestamp with time zone,
	CONSTRAINT "product_market_pk" PRIMARY KEY("product_id","basis")
);
--> statement-breakpoint
ALTER TABLE "product_market" ADD CONSTRAINT "product_market_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_market" ADD CONSTRAINT "product_market_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_market_workspace_idx" ON "product_market" USING btree ("workspace_id","basis","oldest_at");--> statement-breakpoint
-- product_market: each product's market of its URLs' latest readings (product_urls.latest_*), per basis, as
-- lib/insights/load-positions.ts computes it live. Recomputed, for the products touched, by the statement
-- triggers below in the transaction that changes a URL's latest reading (a reading, a correction, a purge), adds,
-- moves or deletes a URL (a product's deletion cascades to its rows). The products are locked first: two
-- transactions changing two URLs of one product recompute one after the other, the second seeing the first.
CREATE FUNCTION "product_market_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "products" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  DELETE FROM "product_market" m WHERE m."product_id" = ANY(ids)
     AND NOT EXISTS (SELECT 1 FROM "products" p WHERE p."id" = m."product_id");
  INSERT INTO "product_market" ("product_id", "workspace_id", "basis", "n", "min_cents", "sum_cents", "max_cents",
                                "price_sum_cents", "shipping_unknown", "cheapest", "out_of_stock", "other_currency",
                                "checked_at", "oldest_at")
  WITH o AS (
    SELECT p."id" AS product_id, p."workspace_id", b.basis, u."id" AS url_id, u."name", u."url",
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
         max(c.latest_at), min(c.latest_at)
    FROM c
   GROUP BY c.product_id, c.workspace_id, c.basis
  ON CONFLICT ("product_id", "basis") DO UPDATE
     SET "workspace_id" = excluded."workspace_id", "n" = excluded."n", "min_cents" = excluded."min_cents",
         "sum_cents" = excluded."sum_cents", "max_cents" = excluded."max_cents",
         "price_sum_cents" = excluded."price_sum_cents", "shipping_unknown" = excluded."shipping_unknown",
         "cheapest" = excluded."cheapest", "out_of_stock" = excluded."out_of_stock",
         "other_currency" = excluded."other_currency", "checked_at" = excluded."checked_at",
         "oldest_at" = excluded."oldest_at";
END $$;
--> statement-breakpoint
CREATE FUNCTION "product_market_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_market_refresh"(ARRAY(SELECT DISTINCT "product_id" FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_market_insert" AFTER INSERT ON "product_urls"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_market_on_insert"();
--> statement-breakpoint
CREATE FUNCTION "product_market_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- only what the market reads: the scheduler's and the scrapes' status updates recompute nothing
  PERFORM "product_market_refresh"(ARRAY(
    SELECT DISTINCT x.id FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     CROSS JOIN LATERAL (VALUES (o."product_id"), (n."product_id")) x(id)
     WHERE (o."product_id", o."workspace_id", o."name", o."url", o."latest_reading_id", o."latest_price",
            o."latest_currency", o."latest_available", o."latest_shipping", o."latest_at")
           IS DISTINCT FROM
           (n."product_id", n."workspace_id", n."name", n."url", n."latest_reading_id", n."latest_price",
            n."latest_currency", n."latest_available", n."latest_shipping", n."latest_at")));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_market_update" AFTER UPDATE ON "product_urls"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_market_on_update"();
--> statement-breakpoint
CREATE FUNCTION "product_market_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_market_refresh"(ARRAY(SELECT DISTINCT "product_id" FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_market_delete" AFTER DELETE ON "product_urls"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_market_on_delete"();
--> statement-breakpoint
SELECT "product_market_refresh"(ARRAY(SELECT DISTINCT "product_id" FROM "product_urls"));
