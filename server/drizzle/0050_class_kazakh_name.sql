ALTER TABLE "classrooms" ADD COLUMN "name_kk" text;--> statement-breakpoint
ALTER TABLE "classrooms" ADD COLUMN "name_ru_missing" boolean DEFAULT false NOT NULL;