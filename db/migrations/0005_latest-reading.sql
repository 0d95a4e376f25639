ALTER TABLE "product_urls" ADD COLUMN "latest_reading_id" bigint;--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "latest_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "latest_currency" char(3);--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "latest_available" boolean;--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "latest_regular_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "latest_shipping" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "latest_at" timestamp with time zone;--> statement-breakpoint
-- product_urls.latest_* mirror each URL's latest price_history row (newest created_at, then id). The statement
-- triggers below keep them in the transaction that inserts or deletes readings (scrapes, price picker, purge,
-- fixtures); price_history rows are never updated.
CREATE FUNCTION "price_history_latest_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_urls" u
     SET "latest_reading_id" = n."id", "latest_price" = n."price", "latest_currency" = n."currency",
         "latest_available" = n."available", "latest_regular_price" = n."regular_price",
         "latest_shipping" = n."shipping", "latest_at" = n."created_at"
    FROM (SELECT DISTINCT ON ("url_id") * FROM new_rows ORDER BY "url_id", "created_at" DESC, "id" DESC) n
   WHERE u."id" = n."url_id"
     AND (u."latest_reading_id" IS NULL OR (n."created_at", n."id") > (u."latest_at", u."latest_reading_id"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_history_latest_insert" AFTER INSERT ON "price_history"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_history_latest_on_insert"();
--> statement-breakpoint
CREATE FUNCTION "price_history_latest_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_urls" u
     SET "latest_reading_id" = r."id", "latest_price" = r."price", "latest_currency" = r."currency",
         "latest_available" = r."available", "latest_regular_price" = r."regular_price",
         "latest_shipping" = r."shipping", "latest_at" = r."created_at"
    FROM (SELECT DISTINCT d."url_id" FROM old_rows d
            JOIN "product_urls" p ON p."id" = d."url_id" AND p."latest_reading_id" = d."id") o
    LEFT JOIN LATERAL (
      SELECT h."id", h."price", h."currency", h."available", h."regular_price", h."shipping", h."created_at"
        FROM "price_history" h WHERE h."url_id" = o."url_id"
       ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) r ON true
   WHERE u."id" = o."url_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_history_latest_delete" AFTER DELETE ON "price_history"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "price_history_latest_on_delete"();
--> statement-breakpoint
UPDATE "product_urls" u
   SET "latest_reading_id" = r."id", "latest_price" = r."price", "latest_currency" = r."currency",
       "latest_available" = r."available", "latest_regular_price" = r."regular_price",
       "latest_shipping" = r."shipping", "latest_at" = r."created_at"
  FROM "product_urls" p
  CROSS JOIN LATERAL (
    SELECT h."id", h."price", h."currency", h."available", h."regular_price", h."shipping", h."created_at"
      FROM "price_history" h WHERE h."url_id" = p."id"
     ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1) r
 WHERE u."id" = p."id";
