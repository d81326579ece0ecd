// The search text as a tsquery (ADR 031). The syntax is websearch_to_tsquery's ("a phrase", OR, -word),
// parsed here rather than by PostgreSQL because websearch_to_tsquery cannot mark prefixes, and as-you-type
// needs every typed word taken as the start of a word ("quar resul" finds "quarterly results"; from three
// letters on, MIN_PREFIX). What comes
// out is to_tsquery text built only of quoted runs of letters and digits and the operators written here, so
// no input can make it invalid (a 500) or change its structure.

/** One operand: a word, or a phrase of words one after another. */
type Term = { words: string[]; phrase: boolean; negated: boolean };

export type ParsedQuery = {
  /** to_tsquery text, or null when nothing positive is left to search for (no match, not everything). */
  tsquery: string | null;
  /** The positive words, space-separated: names are matched by similarity with them (typos). */
  plain: string;
  /**
   * For the index as you type: the query without its last word when that word is a short prefix and
   * other words are required too, else null. A short prefix ("quarterly res") stands for hundreds of
   * words; GIN reads all their postings into a bitmap before it can AND them with the rest (18 ms of a
   * keystroke at 100,000 posts, bench/search.mjs), so the index finds the rest and the whole query
   * filters what it found.
   */
  narrow: string | null;
};

/** A last word this short, typed as a prefix, is left to the filter (ParsedQuery.narrow). */
export const NARROW_BELOW = 5;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const wordsOf = (text: string) => (text.toLowerCase().match(WORD) ?? []).slice(0, 32);
const quote = (word: string) => `'${word}'`;
/**
 * Words shorter than this are matched whole, not as prefixes: a one- or two-letter prefix matches most
 * rows, and reading that many from the index cost more than a page (ADR 031).
 */
export const MIN_PREFIX = 3;
const prefix = (word: string) => (word.length >= MIN_PREFIX ? `${quote(word)}:*` : quote(word));

function operand(t: Term): string {
  if (t.phrase) return t.words.map(quote).join(' <-> ');
  // A word written with joiners ("e-mail", "o'brien") is a run of words: each a prefix, all required.
  const parts = t.words.map(prefix);
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' & ')})`;
}

/** Splits the text into terms and OR markers, as websearch_to_tsquery reads it. */
function tokenize(input: string): (Term | 'OR')[] {
  const out: (Term | 'OR')[] = [];
  const re = /(-?)"([^"]*)"?|(\S+)/g;
  for (const m of input.matchAll(re)) {
    if (m[2] !== undefined) {
      const words = wordsOf(m[2]);
      if (words.length) out.push({ words, phrase: words.length > 1, negated: m[1] === '-' });
      continue;
    }
    const raw = m[3] ?? '';
    if (raw === 'OR') {
      out.push('OR');
      continue;
    }
    const negated = raw.startsWith('-') && raw.length > 1;
    const words = wordsOf(negated ? raw.slice(1) : raw);
    if (words.length) out.push({ words, phrase: false, negated });
  }
  return out;
}

export function parseSearch(input: string): ParsedQuery {
  const tokens = tokenize(input).slice(0, 32);
  const { tsquery, plain } = build(tokens);
  const last = tokens.at(-1);
  const narrowable =
    tsquery !== null &&
    !tokens.includes('OR') &&
    last !== undefined &&
    last !== 'OR' &&
    !last.negated &&
    !last.phrase &&
    last.words.length === 1 &&
    (last.words[0]?.length ?? 0) >= MIN_PREFIX &&
    (last.words[0]?.length ?? 0) < NARROW_BELOW;
  return { tsquery, plain, narrow: narrowable ? build(tokens.slice(0, -1)).tsquery : null };
}

function build(tokens: (Term | 'OR')[]): { tsquery: string | null; plain: string } {
  const parts: string[] = [];
  const plain: string[] = [];
  let positive = false;
  let pendingOr = false;
  for (const token of tokens) {
    if (token === 'OR') {
      pendingOr = parts.length > 0;
      continue;
    }
    const text = operand(token);
    if (token.negated) parts.push(`${parts.length ? (pendingOr ? ' | ' : ' & ') : ''}!${wrap(text)}`);
    else {
      positive = true;
      plain.push(...token.words);
      parts.push(`${parts.length ? (pendingOr ? ' | ' : ' & ') : ''}${text}`);
    }
    pendingOr = false;
  }
  return { tsquery: positive ? parts.join('') : null, plain: plain.join(' ') };
}

const wrap = (text: string) => (text.includes(' ') && !text.startsWith('(') ? `(${text})` : text);
