ALTER TABLE "classrooms" ADD COLUMN "shift" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fixation_categories" ADD COLUMN "school_id" integer;--> statement-breakpoint
ALTER TABLE "fixation_categories" ADD COLUMN "shift" smallint;--> statement-breakpoint
ALTER TABLE "fixation_categories" ADD CONSTRAINT "fixation_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_shift_check" CHECK ("classrooms"."shift" in (1, 2));--> statement-breakpoint
ALTER TABLE "fixation_categories" ADD CONSTRAINT "fixation_categories_shift_check" CHECK ("fixation_categories"."shift" in (1, 2));