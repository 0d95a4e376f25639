ALTER TABLE "price_history" ADD COLUMN "availability_stated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "member_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "coupon_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "offers" jsonb;