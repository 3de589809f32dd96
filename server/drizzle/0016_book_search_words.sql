CREATE TABLE "book_word_books" (
	"organization_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"word" text NOT NULL,
	"book_id" integer NOT NULL,
	"name_key" text NOT NULL,
	CONSTRAINT "book_word_books_word_school_id_book_id_pk" PRIMARY KEY("word","school_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "book_words" (
	"organization_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "book_words_school_id_word_pk" PRIMARY KEY("school_id","word")
);
--> statement-breakpoint
DROP INDEX "books_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(name || ' ' || authors), 'aceopxykmthb', 'асеорхукмтнв')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "book_words" ADD CONSTRAINT "book_words_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_words" ADD CONSTRAINT "book_words_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_word_books_book_idx" ON "book_word_books" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "book_words_word_trgm_idx" ON "book_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "book_words_organization_idx" ON "book_words" USING btree ("organization_id");--> statement-breakpoint
CREATE FUNCTION "books_index_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "book_word_books" r USING "written_books" b WHERE r."book_id" = b."id";
  END IF;
  INSERT INTO "book_word_books" ("organization_id", "school_id", "word", "book_id", "name_key")
  SELECT DISTINCT b."organization_id", b."school_id", w.word, b."id", lower(b."name")
  FROM "written_books" b, regexp_split_to_table(b."search_text", '[^[:alnum:]]+') AS w(word)
  WHERE b."deleted_at" IS NULL AND length(w.word) >= 3;
  INSERT INTO "book_words" ("organization_id", "school_id", "word")
  SELECT DISTINCT b."organization_id", b."school_id", w.word
  FROM "written_books" b, regexp_split_to_table(b."search_text", '[^[:alnum:]]+') AS w(word)
  WHERE length(w.word) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_index_words_inserted" AFTER INSERT ON "books" REFERENCING NEW TABLE AS "written_books" FOR EACH STATEMENT EXECUTE FUNCTION "books_index_words"();--> statement-breakpoint
CREATE TRIGGER "books_index_words_updated" AFTER UPDATE ON "books" REFERENCING NEW TABLE AS "written_books" FOR EACH STATEMENT EXECUTE FUNCTION "books_index_words"();--> statement-breakpoint
-- The books written before this migration.
UPDATE "books" SET "name" = "name";
