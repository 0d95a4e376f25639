CREATE TABLE "market_trend" (
	"product_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"day" date NOT NULL,
	"version" integer NOT NULL,
	"avg_cents" bigint,
	"cutoff" timestamp with time zone,
	"oldest_at" timestamp with time zone,
	CONSTRAINT "market_trend_pk" PRIMARY KEY("product_id","days")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "trend_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_trend" ADD CONSTRAINT "market_trend_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- products.trend_version: bumped when what a past day's market average reads can change, so that a
-- market_trend row computed before (in an older snapshot) is never read again. Today's price_daily row (every
-- scrape) bumps nothing: a trend reads days before today only. Rows are locked in id order (no deadlock
-- between two statements touching several products), FOR NO KEY UPDATE: the overview's insert into
-- market_trend (its foreign key takes FOR KEY SHARE) never waits on a bump nor a bump on it.
CREATE FUNCTION "products_trend_bump"(product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "products" WHERE "id" = ANY(product_ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "products" SET "trend_version" = "trend_version" + 1 WHERE "id" = ANY(product_ids);
END $$;
--> statement-breakpoint
CREATE FUNCTION "price_daily_trend_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT u."product_id") INTO ids FROM old_rows r JOIN "product_urls" u ON u."id" = r."url_id"
     WHERE r."day" < (now() AT TIME ZONE 'Europe/Paris')::date;
  ELSE
    SELECT array_agg(DISTINCT u."product_id") INTO ids FROM new_rows r JOIN "product_urls" u ON u."id" = r."url_id"
     WHERE r."day" < (now() AT TIME ZONE 'Europe/Paris')::date;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM "products_trend_bump"(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_daily_trend_insert" AFTER INSERT ON "price_daily"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_daily_trend_on_change"();
--> statement-breakpoint
CREATE TRIGGER "price_daily_trend_update" AFTER UPDATE ON "price_daily"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_daily_trend_on_change"();
--> statement-breakpoint
CREATE TRIGGER "price_daily_trend_delete" AFTER DELETE ON "price_daily"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_daily_trend_on_change"();
--> statement-breakpoint
CREATE FUNCTION "product_urls_trend_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT "product_id") INTO ids FROM old_rows;
  IF ids IS NOT NULL THEN
    PERFORM "products_trend_bump"(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_urls_trend_delete" AFTER DELETE ON "product_urls"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_urls_trend_on_delete"();
