DROP INDEX "books_name_trgm_idx";--> statement-breakpoint
DROP INDEX "books_authors_trgm_idx";--> statement-breakpoint
CREATE INDEX "books_search_trgm_idx" ON "books" USING gin (translate(lower("name" || ' ' || "authors"), 'aceopxykmthb', 'асеорхукмтнв') gin_trgm_ops);