// The words of what is searched, for "Did you mean" (features/search/spelling.ts): every lexeme of the
// searchable texts (unaccented, lower case, not stemmed: the hearth_search configuration), with how many
// rows hold it. Derived from the search vectors by a job, never written by a request; a typo is compared
// with them by trigram similarity, through the GIN index.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /** Rows whose search vector holds the word: the more common of two equally close words wins. */
    rows: integer('rows').notNull(),
    /** When the refresh last found the word; one that was not found by the latest refresh is removed. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('search_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);
