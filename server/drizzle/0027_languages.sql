ALTER TABLE "users" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "language" DROP NOT NULL;--> statement-breakpoint
-- Nobody could choose a language before: every 'ru' here was the default, not a choice.
UPDATE "users" SET "language" = NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_language_check" CHECK ("organizations"."language" in ('ru', 'kk'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('ru', 'kk'));