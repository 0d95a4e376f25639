ALTER TABLE "product_urls" ADD COLUMN "latest_seller" text;--> statement-breakpoint
ALTER TABLE "product_urls" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "product_urls_workspace_changed_idx" ON "product_urls" USING btree ("workspace_id","changed_at") WHERE "product_urls"."changed_at" is not null;