ALTER TABLE "dishes" ADD COLUMN "name_kk" text;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "name_ru_missing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "dishes_name_kk_trgm_idx" ON "dishes" USING gin ("name_kk" gin_trgm_ops);