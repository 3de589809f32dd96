CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_job_title_trgm_idx" ON "users" USING gin ("job_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cards_number_trgm_idx" ON "cards" USING gin ("number" gin_trgm_ops);