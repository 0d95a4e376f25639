CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"stripe_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_stripeCustomerId_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
-- Hand-written (data): every existing user owns a personal workspace whose id is their user id, so every
-- owned row keeps pointing at a valid owner once user_id becomes workspace_id below. Runs before the foreign
-- keys to workspaces are added and before users.stripe_customer_id is dropped.
INSERT INTO "workspaces" ("id", "name", "stripe_customer_id", "created_at", "updated_at")
SELECT "id", coalesce(nullif(trim("first_name" || ' ' || "last_name"), ''), "email"), "stripe_customer_id", "created_at", now()
FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
SELECT "id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
ALTER TABLE "invoices" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "product_urls" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "products" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "scrape_tasks" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "alert_events" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "alert_rules" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "price_flags" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "alert_channel_deliveries" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "alert_channels" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "report_preferences" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "report_sends" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "product_imports" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_stripeCustomerId_unique";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_userId_unique";--> statement-breakpoint
ALTER TABLE "report_sends" DROP CONSTRAINT "report_sends_user_period_uq";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "product_urls" DROP CONSTRAINT "product_urls_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "scrape_tasks" DROP CONSTRAINT "scrape_tasks_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_events" DROP CONSTRAINT "alert_events_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_rules" DROP CONSTRAINT "alert_rules_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "price_flags" DROP CONSTRAINT "price_flags_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_channel_deliveries" DROP CONSTRAINT "alert_channel_deliveries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_channels" DROP CONSTRAINT "alert_channels_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "report_preferences" DROP CONSTRAINT "report_preferences_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "report_sends" DROP CONSTRAINT "report_sends_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "product_imports" DROP CONSTRAINT "product_imports_user_id_users_id_fk";
--> statement-breakpoint
-- Edited: added nullable, then filled and set NOT NULL below.
ALTER TABLE "api_tokens" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_workspace_id" uuid;--> statement-breakpoint
-- Hand-written (data): a token acts in its creator's personal workspace, uncapped (its role is the creator's).
UPDATE "api_tokens" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
UPDATE "users" SET "last_workspace_id" = "id";--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_workspace_id_workspaces_id_fk" FOREIGN KEY ("last_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_urls" ADD CONSTRAINT "product_urls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD CONSTRAINT "scrape_tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channel_deliveries" ADD CONSTRAINT "alert_channel_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_preferences" ADD CONSTRAINT "report_preferences_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sends" ADD CONSTRAINT "report_sends_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_workspace_idx" ON "api_tokens" USING btree ("workspace_id");--> statement-breakpoint
-- Edited from the generated DROP INDEX / CREATE INDEX pairs: the same definitions, renamed without a rebuild.
ALTER INDEX "invoices_user_created_idx" RENAME TO "invoices_workspace_created_idx";--> statement-breakpoint
ALTER INDEX "product_urls_user_idx" RENAME TO "product_urls_workspace_idx";--> statement-breakpoint
ALTER INDEX "products_user_created_idx" RENAME TO "products_workspace_created_idx";--> statement-breakpoint
ALTER INDEX "scrape_tasks_user_created_idx" RENAME TO "scrape_tasks_workspace_created_idx";--> statement-breakpoint
ALTER INDEX "alert_events_user_status_idx" RENAME TO "alert_events_workspace_status_idx";--> statement-breakpoint
ALTER INDEX "alert_rules_user_idx" RENAME TO "alert_rules_workspace_idx";--> statement-breakpoint
ALTER INDEX "price_flags_user_created_idx" RENAME TO "price_flags_workspace_created_idx";--> statement-breakpoint
ALTER INDEX "alert_channels_user_idx" RENAME TO "alert_channels_workspace_idx";--> statement-breakpoint
ALTER INDEX "product_imports_user_idx" RENAME TO "product_imports_workspace_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_customer_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspaceId_unique" UNIQUE("workspace_id");--> statement-breakpoint
ALTER TABLE "report_sends" ADD CONSTRAINT "report_sends_workspace_period_uq" UNIQUE("workspace_id","period_key");