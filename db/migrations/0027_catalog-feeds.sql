CREATE TABLE "catalog_feed_run_rows" (
	"run_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"line" integer,
	"sku" text,
	"name" text,
	"data" jsonb,
	"outcome" text,
	"reason" text,
	"changes" text,
	"product_id" uuid,
	CONSTRAINT "catalog_feed_run_rows_run_id_idx_pk" PRIMARY KEY("run_id","idx")
);
--> statement-breakpoint
CREATE TABLE "catalog_feed_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"feed_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"loaded" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{"new":0,"changed":0,"unchanged":0,"gone":0,"invalid":0,"over_limit":0}'::jsonb NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"url" text,
	"file_name" text,
	"file_table" jsonb,
	"frequency" text,
	"format" text,
	"header" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_feed_run_rows" ADD CONSTRAINT "catalog_feed_run_rows_run_id_catalog_feed_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."catalog_feed_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_feed_run_rows" ADD CONSTRAINT "catalog_feed_run_rows_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_feed_run_rows" ADD CONSTRAINT "catalog_feed_run_rows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_feed_runs" ADD CONSTRAINT "catalog_feed_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_feed_runs" ADD CONSTRAINT "catalog_feed_runs_feed_id_catalog_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."catalog_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_feeds" ADD CONSTRAINT "catalog_feeds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_feed_run_rows_sku_idx" ON "catalog_feed_run_rows" USING btree ("run_id","sku");--> statement-breakpoint
CREATE INDEX "catalog_feed_runs_feed_idx" ON "catalog_feed_runs" USING btree ("feed_id","created_at");--> statement-breakpoint
CREATE INDEX "catalog_feed_runs_status_idx" ON "catalog_feed_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "catalog_feeds_workspace_idx" ON "catalog_feeds" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "catalog_feeds_due_idx" ON "catalog_feeds" USING btree ("next_run_at");