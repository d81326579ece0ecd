// Search columns (issue 17, ADR 031): each searchable table keeps a `search_vector` computed by
// PostgreSQL itself as a stored generated column, so the index changes in the very statement (and so the
// transaction) that writes the row, whoever writes it (services, seeds, the benchmark's generator).
// The text search configuration `hearth_search` (migration 0013) is `simple` plus `unaccent`: no
// stemming (the intranet is multilingual; prefixes of what was typed must match what was written) and
// accents ignored. HTML bodies are indexed as their text (`hearth_html_text`).
import { type SQL, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector; the application never reads it, only queries match against it. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

type Weighted = [column: string, weight: 'A' | 'B' | 'C', html?: 'html'];

/** The SQL of a weighted vector over columns of the row: title over subtitle over body. */
export function weightedVector(...parts: Weighted[]): SQL {
  const pieces = parts.map(([column, weight, html]) => {
    const text = html ? `public.hearth_html_text("${column}")` : `coalesce("${column}", '')`;
    return `setweight(to_tsvector('public.hearth_search'::regconfig, ${text}), '${weight}')`;
  });
  return sql.raw(pieces.join(' || '));
}

/** A stored search vector generated from the row's columns. */
export const searchVector = (...parts: Weighted[]) =>
  tsvector('search_vector').generatedAlwaysAs(weightedVector(...parts));
