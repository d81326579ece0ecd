// A comment's or message's text with each `@First Last` of a mentioned colleague as a link to their page
// (issue 17). The answer names who is mentioned (`mentionedUsers`); the text says where. Longer names are
// matched first, so `@Ann Lee` is not taken for `@Ann`. The card opens on hover and focus (mention-card.tsx);
// it is not a lazy chunk: swapping a plain link for the card's link when the chunk arrived took the
// keyboard focus off a link the reader had just tabbed to.
import type { UserSummary } from '@hearth/contract';
import type { ReactNode } from 'react';
import { MentionCardLink } from './mention-card';
import './mention-text.css';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameOf = (p: UserSummary) => `${p.firstName} ${p.lastName}`.trim();

/** The text cut into plain parts and mentions, in order. */
export function splitMentions(
  text: string,
  people: readonly UserSummary[],
): (string | { person: UserSummary; text: string })[] {
  const named = people.filter((p) => nameOf(p) !== '').sort((a, b) => nameOf(b).length - nameOf(a).length);
  if (named.length === 0) return [text];
  const byName = new Map(named.map((p) => [nameOf(p).toLowerCase(), p]));
  const pattern = new RegExp(
    `@(${named.map((p) => escapeRegExp(nameOf(p))).join('|')})(?![\\p{L}\\p{N}_])`,
    'giu',
  );
  const parts: (string | { person: UserSummary; text: string })[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const person = byName.get((m[1] ?? '').toLowerCase());
    if (!person || m.index === undefined) continue;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push({ person, text: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function MentionText({ text, people }: { text: string; people?: readonly UserSummary[] }) {
  const parts = splitMentions(text, people ?? []);
  return (
    <>
      {parts.map(
        (part, i): ReactNode =>
          typeof part === 'string' ? (
            part
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
            <MentionCardLink key={i} person={part.person} text={part.text} />
          ),
      )}
    </>
  );
}
