// Highlighted snippets as text plus ranges (never HTML): ts_headline marks the matched words with two
// private-use characters, removed from the source text beforehand so content cannot fake a mark.
import type { SearchSnippet } from '@hearth/contract';

export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

/** ts_headline's options: one short passage around the matches, the markers above. */
export const HEADLINE_OPTIONS = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxWords=35, MinWords=15, ShortWord=2`;

/** The marked text as plain text and the [start, end) ranges of the marks; null for no text. */
export function toSnippet(marked: string | null): SearchSnippet | null {
  if (marked === null) return null;
  const text = marked.replace(/\s+/g, ' ').trim();
  let out = '';
  const marks: [number, number][] = [];
  let open = -1;
  for (const ch of text) {
    if (ch === MARK_START) open = out.length;
    else if (ch === MARK_END) {
      if (open >= 0 && out.length > open) marks.push([open, out.length]);
      open = -1;
    } else out += ch;
  }
  return out ? { text: out, marks } : null;
}
