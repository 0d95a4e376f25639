-- The latest-reading index carries the values the market view and the changes read (price, currency,
-- availability, the correction): a URL's recent readings are one index-only range, whatever the physical order
-- of a table where every URL's readings are interleaved in time. Same keys and name: every plan using it stays.
DROP INDEX IF EXISTS "price_history_url_latest_idx";--> statement-breakpoint
CREATE INDEX "price_history_url_latest_idx" ON "price_history" USING btree ("url_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("price","currency","available","corrected_by");
