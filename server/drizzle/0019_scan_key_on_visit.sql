ALTER TABLE "visits" ADD COLUMN "scan_key" text;--> statement-breakpoint
-- A retry comes within a day (a scan may be up to 24 hours old): the keys of the last two days move
-- onto their visits, older ones could never be used again.
UPDATE "visits" v SET "scan_key" = k."key"
  FROM "idempotency_keys" k
  WHERE k."visit_id" = v."id" AND k."user_id" = v."created_by" AND k."created_at" > now() - interval '2 days';--> statement-breakpoint
CREATE UNIQUE INDEX "visits_scan_key" ON "visits" USING btree ("created_by","scan_key") WHERE "visits"."scan_key" is not null;--> statement-breakpoint
DROP TABLE "idempotency_keys" CASCADE;
