CREATE TABLE "price_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"url_id" uuid NOT NULL,
	"price_history_id" bigint,
	"kind" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_advertised_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_url_id_product_urls_id_fk" FOREIGN KEY ("url_id") REFERENCES "public"."product_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_price_history_id_price_history_id_fk" FOREIGN KEY ("price_history_id") REFERENCES "public"."price_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_flags_reading_kind_unique" ON "price_flags" USING btree ("price_history_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "price_flags_open_unique" ON "price_flags" USING btree ("url_id","kind") WHERE "price_flags"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "price_flags_user_created_idx" ON "price_flags" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "price_flags_product_created_idx" ON "price_flags" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);