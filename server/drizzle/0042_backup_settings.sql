CREATE TABLE "backup_settings" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time" text,
	"keep" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_settings_one_check" CHECK ("backup_settings"."one"),
	CONSTRAINT "backup_settings_time_check" CHECK ("backup_settings"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "backup_settings_keep_check" CHECK ("backup_settings"."keep" between 1 and 365)
);
