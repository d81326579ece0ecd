// HTTP Range requests (RFC 9110 section 14) for one byte range, so players can seek in video and audio.

export type RangeAnswer =
  /** Serve the whole blob (no Range header, another unit, several ranges or a malformed header). */
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** Reads `Range: bytes=a-b | a- | -n` against a blob of `size` bytes. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  // Several ranges (multipart/byteranges) or another unit: a server may answer with the whole blob.
  if (!m) return { kind: 'whole' };
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
