CREATE TABLE "fetch_budget" (
	"workspace_id" uuid NOT NULL,
	"month" date NOT NULL,
	"reserved" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "fetch_budget_workspace_id_month_pk" PRIMARY KEY("workspace_id","month")
);
--> statement-breakpoint
CREATE TABLE "fetch_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"provider" text,
	"provider_key_enc" text,
	"provider_key_last4" text,
	"provider_zone" text,
	"provider_endpoint" text,
	"proxies_enc" text,
	"proxy_count" integer DEFAULT 0 NOT NULL,
	"monthly_cap" numeric(14, 2) DEFAULT '1000' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fetch_usage" (
	"workspace_id" uuid NOT NULL,
	"month" date NOT NULL,
	"host" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"credits" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "fetch_usage_workspace_id_month_host_pk" PRIMARY KEY("workspace_id","month","host")
);
--> statement-breakpoint
CREATE TABLE "shop_access" (
	"workspace_id" uuid NOT NULL,
	"host" text NOT NULL,
	"strategy" text DEFAULT 'auto' NOT NULL,
	"last_path" text,
	"last_path_at" timestamp with time zone,
	"sticky_proxy" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"successes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_access_workspace_id_host_pk" PRIMARY KEY("workspace_id","host")
);
--> statement-breakpoint
ALTER TABLE "fetch_budget" ADD CONSTRAINT "fetch_budget_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fetch_settings" ADD CONSTRAINT "fetch_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fetch_usage" ADD CONSTRAINT "fetch_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_access" ADD CONSTRAINT "shop_access_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fetch_usage_month_idx" ON "fetch_usage" USING btree ("month");