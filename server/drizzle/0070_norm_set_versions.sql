CREATE TABLE "norm_set_versions" (
	"norm_set_id" integer NOT NULL,
	"version" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" integer,
	"content" jsonb NOT NULL,
	CONSTRAINT "norm_set_versions_pkey" PRIMARY KEY("norm_set_id","version")
);
--> statement-breakpoint
ALTER TABLE "norm_set_versions" ADD CONSTRAINT "norm_set_versions_norm_set_id_norm_sets_id_fk" FOREIGN KEY ("norm_set_id") REFERENCES "public"."norm_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "norm_set_versions" ADD CONSTRAINT "norm_set_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "norm_set_versions_saved_by_idx" ON "norm_set_versions" USING btree ("saved_by");--> statement-breakpoint
INSERT INTO "norm_set_versions" ("norm_set_id", "version", "saved_at", "saved_by", "content")
SELECT s.id, s.version, s.updated_at, s.updated_by, jsonb_build_object(
  'name', s.name, 'name_kk', s.name_kk, 'name_ru_missing', s.name_ru_missing,
  'source', s.source, 'kazakh_2025', s.kazakh_2025, 'tolerance_pct', s.tolerance_pct::text,
  'shares', coalesce((select jsonb_agg(jsonb_build_object('meal', h.meal, 'share_pct', h.share_pct::text) order by h.meal)
    from norm_set_shares h where h.norm_set_id = s.id), '[]'::jsonb),
  'values', coalesce((select jsonb_agg(jsonb_build_object('age_group_id', v.age_group_id, 'meal', v.meal,
      'nutrient', v.nutrient, 'value', v.value::text) order by v.age_group_id, v.meal, v.nutrient)
    from norm_set_values v where v.norm_set_id = s.id), '[]'::jsonb))
FROM "norm_sets" s;
