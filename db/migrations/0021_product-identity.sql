CREATE TABLE "product_gtins" (
	"product_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"gtin" char(14) NOT NULL,
	"code" varchar(14) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_gtins_product_id_gtin_pk" PRIMARY KEY("product_id","gtin")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" varchar(100);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" varchar(200);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mpn" varchar(100);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category" varchar(500);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cost_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "product_gtins" ADD CONSTRAINT "product_gtins_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_gtins" ADD CONSTRAINT "product_gtins_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_gtins_workspace_gtin_idx" ON "product_gtins" USING btree ("workspace_id","gtin");--> statement-breakpoint
CREATE UNIQUE INDEX "products_workspace_sku_unique" ON "products" USING btree ("workspace_id","sku") WHERE "products"."sku" is not null;--> statement-breakpoint
CREATE INDEX "products_workspace_category_idx" ON "products" USING btree ("workspace_id","category" text_pattern_ops) WHERE "products"."category" is not null;--> statement-breakpoint
CREATE INDEX "products_tags_idx" ON "products" USING gin ("tags");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost_price_check" CHECK ("products"."cost_price" >= 0);