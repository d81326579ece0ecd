// CSV files that spreadsheets open safely (product.md section 9, CSV reports): RFC 4180 quoting, formula
// injection defused, UTF-8 with a byte-order mark, streamed batch by batch so a report's size never
// reaches the server's memory.
import { Readable } from 'node:stream';

/**
 * Excel reads a CSV file as the machine's ANSI code page unless it starts with a UTF-8 byte-order mark,
 * which would garble every name outside ASCII; LibreOffice, Numbers and CSV parsers skip the mark.
 */
export const UTF8_BOM = '\uFEFF';

/** A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell holding one of these must be quoted (RFC 4180 section 2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

/** One cell: null and undefined are empty; a formula-like start gets a `'` so it shows as text. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers are ours (counts), never formulas: -1 stays a number. Text from users is defused.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The whole file as a byte stream for `reply.send()`: the BOM and header go out at once (the download
 * starts before the first query returns), then one chunk per batch of records. Readable.from pulls the
 * next batch only when the socket has drained the last one (backpressure), and a client that goes away
 * destroys the stream, which ends the generator and so stops the queries.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly CsvValue[][]>,
): Readable {
  async function* chunks() {
    yield UTF8_BOM + csvLine(header);
    for await (const batch of batches) {
      if (batch.length) yield batch.map(csvLine).join('');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * Reads a query batch after batch with a keyset: `fetch(after)` answers the batch after the cursor (all of
 * it when `after` is undefined the first time), `cursorOf` names the cursor of a batch's last row. Stops at
 * the first short batch. Only one batch is held at a time, on PGlite and PostgreSQL alike (no driver cursor).
 */
export async function* keysetBatches<Row, Cursor>(
  batchSize: number,
  fetch: (after: Cursor | undefined, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
): AsyncGenerator<Row[]> {
  let after: Cursor | undefined;
  for (;;) {
    // PGlite runs in this process and answers through promises alone: without a turn of the event loop
    // between batches, a download would run to its end (into the socket's kernel buffers) before any other
    // request, or the first bytes of this response, got through.
    await new Promise((resolve) => setImmediate(resolve));
    const rows = await fetch(after, batchSize);
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (rows.length < batchSize || last === undefined) return;
    after = cursorOf(last);
  }
}

/** `20240131-154502`: the UTC time of the request, for file names (product.md section 9, CSV reports). */
export function fileTimestamp(at: Date): string {
  const iso = at.toISOString(); // 2024-01-31T15:45:02.123Z
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

/** Headers of a CSV download; the name is ours (ASCII), so no RFC 5987 encoding is needed. */
export function csvHeaders(fileName: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  };
}
