ALTER TABLE "visits" DROP CONSTRAINT "visits_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_school_id_schools_id_fk";
--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_canteen_id_canteens_id_fk";
--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_fixation_category_id_fixation_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_classroom_id_classrooms_id_fk";
--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_food_category_id_food_categories_id_fk";
--> statement-breakpoint
DROP INDEX "visits_school_created_idx";--> statement-breakpoint
DROP INDEX "visits_school_date_idx";--> statement-breakpoint
DROP INDEX "visits_canteen_created_idx";--> statement-breakpoint
CREATE INDEX "visits_school_created_idx" ON "visits" USING btree ("school_id","created_at") WHERE "visits"."school_id" is not null;--> statement-breakpoint
CREATE INDEX "visits_school_date_idx" ON "visits" USING btree ("school_id","visit_date") WHERE "visits"."school_id" is not null;--> statement-breakpoint
CREATE INDEX "visits_canteen_created_idx" ON "visits" USING btree ("canteen_id","created_at") WHERE "visits"."canteen_id" is not null;--> statement-breakpoint
-- The foreign keys above, kept from the parent's side: a row that visits still name is not deleted
-- (nor its id changed), with the error a foreign key gives (23503, the same constraint name), so the
-- services' refusals read it as before. A scan no longer locks the parent rows it names.
CREATE FUNCTION "visits_refuse_parent_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  named boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.id = OLD.id THEN
    RETURN NEW;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM visits WHERE %I = $1)', TG_ARGV[0]) INTO named USING OLD.id;
  IF named THEN
    RAISE EXCEPTION 'update or delete on table "%" violates foreign key constraint "%" on table "visits"',
      TG_TABLE_NAME, TG_ARGV[1]
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_ARGV[1], TABLE = 'visits',
        DETAIL = format('Key (id)=(%s) is still referenced from table "visits".', OLD.id);
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "visits_refuse_organization_delete" BEFORE DELETE OR UPDATE OF "id" ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "visits_refuse_parent_delete"('organization_id', 'visits_organization_id_organizations_id_fk');
--> statement-breakpoint
CREATE TRIGGER "visits_refuse_school_delete" BEFORE DELETE OR UPDATE OF "id" ON "schools"
  FOR EACH ROW EXECUTE FUNCTION "visits_refuse_parent_delete"('school_id', 'visits_school_id_schools_id_fk');
--> statement-breakpoint
CREATE TRIGGER "visits_refuse_canteen_delete" BEFORE DELETE OR UPDATE OF "id" ON "canteens"
  FOR EACH ROW EXECUTE FUNCTION "visits_refuse_parent_delete"('canteen_id', 'visits_canteen_id_canteens_id_fk');
--> statement-breakpoint
CREATE TRIGGER "visits_refuse_fixation_category_delete" BEFORE DELETE OR UPDATE OF "id" ON "fixation_categories"
  FOR EACH ROW EXECUTE FUNCTION "visits_refuse_parent_delete"('fixation_category_id', 'visits_fixation_category_id_fixation_categories_id_fk');
--> statement-breakpoint
CREATE TRIGGER "visits_refuse_classroom_delete" BEFORE DELETE OR UPDATE OF "id" ON "classrooms"
  FOR EACH ROW EXECUTE FUNCTION "visits_refuse_parent_delete"('classroom_id', 'visits_classroom_id_classrooms_id_fk');
--> statement-breakpoint
CREATE TRIGGER "visits_refuse_food_category_delete" BEFORE DELETE OR UPDATE OF "id" ON "food_categories"
  FOR EACH ROW EXECUTE FUNCTION "visits_refuse_parent_delete"('food_category_id', 'visits_food_category_id_food_categories_id_fk');
