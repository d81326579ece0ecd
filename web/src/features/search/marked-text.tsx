// A snippet's text with its matched words in <mark>: built from text and ranges as React text nodes, so
// nothing of the content is ever read as HTML.
import type { SearchSnippet } from '@hearth/contract';

export function MarkedText({ snippet, className }: { snippet: SearchSnippet; className?: string }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of snippet.marks) {
    if (start < at || end <= start) continue;
    if (start > at) parts.push(snippet.text.slice(at, start));
    parts.push(<mark key={start}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < snippet.text.length) parts.push(snippet.text.slice(at));
  return <span className={className}>{parts}</span>;
}
