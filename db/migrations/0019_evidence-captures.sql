CREATE TABLE "evidence_captures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"url_id" uuid NOT NULL,
	"flag_id" uuid,
	"reading_id" bigint,
	"reading_at" timestamp with time zone,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"requested_by" uuid,
	"url" text NOT NULL,
	"final_url" text,
	"http_status" integer,
	"captured_at" timestamp with time zone,
	"screenshot_gz" "bytea",
	"html_gz" "bytea",
	"screenshot_sha256" text,
	"html_sha256" text,
	"screenshot_bytes" integer,
	"html_bytes" integer,
	"stored_bytes" integer DEFAULT 0 NOT NULL,
	"extracted" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_evidence_captures" integer;--> statement-breakpoint
ALTER TABLE "evidence_captures" ADD CONSTRAINT "evidence_captures_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_captures" ADD CONSTRAINT "evidence_captures_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_captures" ADD CONSTRAINT "evidence_captures_url_id_product_urls_id_fk" FOREIGN KEY ("url_id") REFERENCES "public"."product_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_captures" ADD CONSTRAINT "evidence_captures_flag_id_price_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."price_flags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_captures" ADD CONSTRAINT "evidence_captures_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_captures_flag_unique" ON "evidence_captures" USING btree ("flag_id") WHERE "evidence_captures"."flag_id" is not null;--> statement-breakpoint
CREATE INDEX "evidence_captures_workspace_created_idx" ON "evidence_captures" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evidence_captures_url_created_idx" ON "evidence_captures" USING btree ("url_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written (data): evidence bounds of the seeded plans (the seed sets them too on its next run).
UPDATE "plans" SET "max_evidence_captures" = 10 WHERE "code" = 'freemium';--> statement-breakpoint
UPDATE "plans" SET "max_evidence_captures" = 200 WHERE "code" = 'professionnel';--> statement-breakpoint
UPDATE "plans" SET "max_evidence_captures" = 2000 WHERE "code" = 'entreprise';
