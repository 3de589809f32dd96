import { and, asc, eq, ilike, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import { hasLatin, latinToCyrillic } from '@tamaq/contract/transliterate';
import { tenantFilter, type Scope } from '../../platform/auth/scope.ts';
import { containsPattern, escapeLike, listPage, pageIn } from '../../platform/db/catalogue.ts';
import { boundedRead, LIST_TIMEOUT_MS, type Db } from '../../platform/db/client.ts';

import { bookBarcodes, books, bookWordBooks, bookWords, searchable } from '../../platform/db/schema-library.ts';

import { live, selectBooks } from './book-select.repository.ts';

/**
 * How alike a typed word and a word of the catalogue must be (0–1) to stand for it: 0.4 takes
 * «алгерба» for «алгебра» and «Ауезов» for «Ауэзов». Set on the connection before the search; only
 * book search uses the operator.
 */
const SEARCH_THRESHOLD = sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', false)`;
/** How alike a word must be to be read with a typed word that the catalogue holds as typed. */
const CLOSE_WORD = 0.6;
/** How many typed words a search reads, and how many catalogue words one typed word may stand for. */
const SEARCH_WORDS = 6;
const ALIKE_WORDS = 30;
/** The shortest word the vocabulary holds: shorter typed words are looked for as a part of the text. */
const INDEXED_WORD = 3;

/** A typed word and the catalogue words it may stand for (itself, words holding it, and typos of it). */
interface TypedWord {
  /** The word as `search_text` has it (look-alike Latin letters read as Cyrillic). */
  typed: string;
  /** How else it may be read: the same word transliterated from Latin («abai»: «абай»). */
  readings: string[];
  /** `score`: 1 for a word holding the typed one, else how alike they are (0–1). */
  alike: { word: string; score: number }[];
}

/** The books list's search: by words of the name or the authors (typos too), or by a barcode. */
export function createBookSearchRepository(db: Db) {
  /**
   * The words of a search as `search_text` has them, each with the vocabulary words it may stand for:
   * the words holding it and the words very like it («абай»: «абая»), or when no word holds it, the
   * words it may be a typo of. A text with Latin letters is also read transliterated («Abai» as
   * «абай»), word for word: each word stands for what either reading finds.
   */
  async function typedWords(tx: Db, text: string, vocabulary: SQL | undefined): Promise<TypedWord[]> {
    await tx.execute(SEARCH_THRESHOLD);
    const texts = hasLatin(text) ? [text, latinToCyrillic(text)] : [text];
    const words = new Map<number, { readings: string[]; alike: Map<string, number> }>();
    for (const [reading, one] of texts.entries()) {
      const result = await tx.execute(sql`
        select q.typed, q.n, v.word as alike, v.score
        from regexp_split_to_table(${searchable(sql`${one}`)}, '[^[:alnum:]]+') with ordinality as q(typed, n)
        left join lateral (
          select ${bookWords.word} as word, 1::real as score from ${bookWords}
          where length(q.typed) >= ${INDEXED_WORD} and ${bookWords.word} like '%' || q.typed || '%'
            ${vocabulary ? sql`and ${vocabulary}` : sql``}
          union all
          (select ${bookWords.word}, word_similarity(q.typed, ${bookWords.word}) from ${bookWords}
          where length(q.typed) >= ${INDEXED_WORD} and q.typed <% ${bookWords.word}
            ${vocabulary ? sql`and ${vocabulary}` : sql``}
            and (word_similarity(q.typed, ${bookWords.word}) >= ${CLOSE_WORD}
              or not exists (select from ${bookWords} where ${bookWords.word} like '%' || q.typed || '%'
                ${vocabulary ? sql`and ${vocabulary}` : sql``}))
          order by word_similarity(q.typed, ${bookWords.word}) desc, ${bookWords.word}
          limit ${ALIKE_WORDS})
        ) v on true
        where q.typed <> ''
        order by q.n`);
      type Row = { typed: string; n: number | string; alike: string | null; score: number | null };
      for (const r of (result as unknown as { rows: Row[] }).rows) {
        const n = Number(r.n);
        let word = words.get(n);
        if (!word) {
          // A reading that splits the text otherwise than the first (it never should) adds no word.
          if (reading > 0 || words.size >= SEARCH_WORDS) continue;
          words.set(n, (word = { readings: [], alike: new Map() }));
        }
        if (!word.readings.includes(r.typed)) word.readings.push(r.typed);
        if (r.alike !== null) word.alike.set(r.alike, Math.max(word.alike.get(r.alike) ?? 0, Number(r.score)));
      }
    }
    return [...words.values()].map(({ readings, alike }) => ({
      typed: readings[0]!,
      readings,
      alike: [...alike].map(([word, score]) => ({ word, score })),
    }));
  }

  /**
   * Books holding a word that each indexed typed word stands for, from `book_word_books`: the book,
   * its name for the order, how many typed words it holds as typed, and how close its words come
   * (the best matches first).
   */
  const wordHits = (indexed: TypedWord[], within: SQL | undefined) => {
    const typed = indexed.flatMap((w, n) => w.alike.map((a) => ({ n, ...a, exact: w.readings.includes(a.word) })));
    return sql`
      select ${bookWordBooks.bookId} as book_id, min(${bookWordBooks.nameKey}) as name_key,
        count(distinct t.n) filter (where t.exact) as exact, sum(t.score) as score
      from (values ${sql.join(
        typed.map((t) => sql`(${t.n}::int, ${t.word}::text, ${t.exact}::boolean, ${t.score}::real)`),
        sql`, `,
      )}) as t(n, word, exact, score)
      join ${bookWordBooks} on ${bookWordBooks.word} = t.word ${within ? sql`and ${within}` : sql``}
      group by ${bookWordBooks.bookId}
      having count(distinct t.n) = ${indexed.length}`;
  };

  return {
    /**
     * A school's live books, searched by words of the name or the authors: each typed word as a part
     * of a word, or with a typo (trigram word similarity against the school's vocabulary), with Latin
     * look-alike letters read as Cyrillic; or by a part of a copy's barcode. Books holding the typed
     * words as typed come first, then by name.
     */
    async list(scope: Scope, filter: { query?: string; schoolId?: number; limit: number; offset: number }) {
      const text = filter.query?.trim();
      const inSchools = (table: { organizationId: PgColumn; schoolId: PgColumn }) =>
        and(
          tenantFilter(table, scope),
          filter.schoolId !== undefined ? eq(table.schoolId, filter.schoolId) : undefined,
        );
      const pageOf = (where: SQL | undefined, first?: SQL) => ({
        rows: (q: Db) =>
          selectBooks(q)
            .where(where)
            .orderBy(...(first ? [first] : []), sql`lower(${books.name})`, asc(books.id)),
        table: books,
        where,
        limit: filter.limit,
        offset: filter.offset,
      });
      if (!text) return listPage(db, pageOf(and(live, inSchools(books))));

      return boundedRead(db, LIST_TIMEOUT_MS, async (tx) => {
        const words = await typedWords(tx, text, inSchools(bookWords));
        const indexed = words.filter((w) => w.typed.length >= INDEXED_WORD);
        const short = words.filter((w) => w.typed.length < INDEXED_WORD);
        // Copies whose barcode holds the text (labels are printable ASCII without spaces): a handful
        // of books, found through the barcode index.
        const labelled =
          text.length >= INDEXED_WORD && /^[\x21-\x7e]+$/.test(text)
            ? (
                await tx
                  .selectDistinct({ id: bookBarcodes.bookId })
                  .from(bookBarcodes)
                  .where(
                    and(
                      isNull(bookBarcodes.deletedAt),
                      inSchools(bookBarcodes),
                      ilike(bookBarcodes.barcode, containsPattern(text)),
                    ),
                  )
                  .limit(200)
              ).map((b) => b.id)
            : [];

        // A typed word that no word of the catalogue holds or is like: only a barcode can match.
        const unknown = indexed.some((w) => w.alike.length === 0);
        if (unknown && labelled.length === 0) return { total: 0, rows: [] };
        if (!unknown && indexed.length > 0 && short.length === 0 && labelled.length === 0) {
          // The usual search: counted and paged on the word index; `books` is read for the page only.
          const hits = wordHits(indexed, inSchools(bookWordBooks));
          const pageIds = (
            (await tx.execute(sql`
              with hit as (${hits})
              select book_id, (select count(*)::int from hit) as total from hit
              order by exact desc, score desc, name_key, book_id
              limit ${filter.limit} offset ${filter.offset}`)) as unknown as {
              rows: { book_id: number; total: number }[];
            }
          ).rows;
          const total =
            pageIds[0]?.total ??
            (filter.offset > 0
              ? ((
                  (await tx.execute(sql`with hit as (${hits}) select count(*)::int as total from hit`)) as unknown as {
                    rows: { total: number }[];
                  }
                ).rows[0]?.total ?? 0)
              : 0);
          if (pageIds.length === 0) return { total, rows: [] };
          const order = new Map(pageIds.map((r, i) => [r.book_id, i]));
          const rows = await selectBooks(tx).where(inArray(books.id, [...order.keys()]));
          return { total, rows: rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!) };
        }

        // Words under three letters, or barcodes: the books of the indexed words (or all of the
        // schools' books), filtered on their text.
        const byWords =
          unknown || words.length === 0
            ? sql`false`
            : and(
                indexed.length > 0
                  ? sql`${books.id} in (select book_id from (${wordHits(indexed, inSchools(bookWordBooks))}) hit)`
                  : undefined,
                ...short.map((w) => or(...w.readings.map((r) => like(books.searchText, containsPattern(r))))),
              );
        const matches = or(byWords, labelled.length > 0 ? inArray(books.id, labelled) : undefined);
        const asTyped = or(
          ...[text, ...(hasLatin(text) ? [latinToCyrillic(text)] : [])].map((t) =>
            like(books.searchText, sql`'%' || ${searchable(sql`${escapeLike(t)}`)} || '%'`),
          ),
        )!;
        return pageIn(tx, pageOf(and(live, inSchools(books), matches), sql`${asTyped} desc`));
      });
    },
  };
}
