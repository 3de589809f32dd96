ALTER TABLE "visits" DROP CONSTRAINT "visits_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_card_id_cards_id_fk";
--> statement-breakpoint
-- As migration 0018 for the places: a holder a visit names is not deleted (nor its id changed)...
CREATE TRIGGER "visits_refuse_user_delete" BEFORE DELETE OR UPDATE OF "id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "visits_refuse_parent_delete"('user_id', 'visits_user_id_users_id_fk');
--> statement-breakpoint
-- ...and a deleted card's visits keep no card, as the foreign key's ON DELETE SET NULL did.
CREATE FUNCTION "visits_forget_deleted_card"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE visits SET card_id = NULL WHERE card_id = OLD.id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "visits_forget_deleted_card" AFTER DELETE ON "cards"
  FOR EACH ROW EXECUTE FUNCTION "visits_forget_deleted_card"();
--> statement-breakpoint
CREATE TRIGGER "visits_refuse_card_renumber" BEFORE UPDATE OF "id" ON "cards"
  FOR EACH ROW EXECUTE FUNCTION "visits_refuse_parent_delete"('card_id', 'visits_card_id_cards_id_fk');
