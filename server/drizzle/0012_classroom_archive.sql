DROP INDEX "classrooms_school_name_key";--> statement-breakpoint
ALTER TABLE "classrooms" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "classrooms_school_name_key" ON "classrooms" USING btree ("school_id",lower("name")) WHERE "classrooms"."archived_at" is null;