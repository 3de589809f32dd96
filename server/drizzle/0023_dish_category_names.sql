-- Names repeated before the rule (say «Салаты» and «салаты») keep the oldest as it is; each later one
-- gets the first free number: «салаты (2)». Nothing else changes: its dishes stay in it.
DO $$
DECLARE
  r record;
  n int;
BEGIN
  FOR r IN
    SELECT id, organization_id, name FROM (
      SELECT id, organization_id, name,
             row_number() OVER (PARTITION BY organization_id, lower(name) ORDER BY created_at, id) AS k
      FROM dish_categories WHERE deleted_at IS NULL) d
    WHERE k > 1 ORDER BY id
  LOOP
    n := 2;
    WHILE EXISTS (SELECT 1 FROM dish_categories
                  WHERE organization_id = r.organization_id AND deleted_at IS NULL
                    AND lower(name) = lower(r.name || ' (' || n || ')')) LOOP
      n := n + 1;
    END LOOP;
    UPDATE dish_categories SET name = r.name || ' (' || n || ')' WHERE id = r.id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "dish_categories_organization_name_key" ON "dish_categories" USING btree ("organization_id",lower("name")) WHERE "dish_categories"."deleted_at" is null;
