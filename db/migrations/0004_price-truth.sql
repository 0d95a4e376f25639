ALTER TABLE "price_history" ADD COLUMN "regular_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "shipping" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "candidates" jsonb;--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "selector_lost_at" timestamp with time zone;