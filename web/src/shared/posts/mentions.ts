// Comment mentions (product.md section 5, Mentions): the editor shows `@First Last` and keeps, for every
// colleague picked from the list, the marker `@[First Last](id)`. Sending strips the markers back to
// `@First Last` and lists the ids in userIDs.

export type Mention = { id: number; name: string };

const MARKER = /@\[([^\]\n]+)\]\((\d+)\)/g;

export function mentionMarker({ id, name }: Mention): string {
  return `@[${name}](${id})`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The text with markers: each `@Name` of a picked colleague becomes their marker. Longer names go first,
 * so `@Ann Lee` is not taken for `@Ann`. A name no longer in the text (deleted by the user) is dropped.
 */
export function toMarkup(text: string, picked: readonly Mention[]): string {
  const byLength = [...new Map(picked.map((m) => [m.name, m])).values()].sort(
    (a, b) => b.name.length - a.name.length,
  );
  if (byLength.length === 0) return text;
  const pattern = new RegExp(`@(${byLength.map((m) => escapeRegExp(m.name)).join('|')})(?![\\w])`, 'g');
  const idOf = new Map(byLength.map((m) => [m.name, m.id]));
  return text.replace(pattern, (_all, name: string) => mentionMarker({ name, id: idOf.get(name) ?? 0 }));
}

/**
 * The mention list writes `@Name ` (with a space) when a colleague is picked, and most people then type a
 * space of their own: one space after a picked name is kept, the doubled one is dropped.
 */
export function collapseSpaceAfterMentions(text: string, picked: readonly Mention[]): string {
  if (picked.length === 0) return text;
  const names = [...new Set(picked.map((m) => escapeRegExp(m.name)))].join('|');
  return text.replace(new RegExp(`(@(?:${names})) {2,}`, 'g'), '$1 ');
}

/** Markers stripped to `@Name`, and the distinct ids they carried, in order of appearance. */
export function stripMarkers(markup: string): { content: string; userIDs: number[] } {
  const ids: number[] = [];
  const content = markup.replace(MARKER, (_all, name: string, id: string) => {
    const n = Number(id);
    if (n > 0 && !ids.includes(n)) ids.push(n);
    return `@${name}`;
  });
  return { content, userIDs: ids };
}

/** What a comment sends: the plain text and the ids of the colleagues still mentioned in it. */
export function commentPayload(text: string, picked: readonly Mention[]) {
  const { content, userIDs } = stripMarkers(toMarkup(text.trim(), picked));
  return { content, userIDs };
}
