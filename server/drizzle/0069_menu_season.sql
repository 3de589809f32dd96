ALTER TABLE "menus" ADD COLUMN "season" text;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_season_check" CHECK ("menus"."season" in ('summer_autumn', 'winter_spring'));