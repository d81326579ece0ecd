// CSV cells: RFC 4180 quoting checked against a real parser, and formula injection defused for any input.
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream, fileTimestamp, keysetBatches, UTF8_BOM } from './csv';

const FORMULA = /^[=+\-@\t\r]/;
const parseLine = (line: string): string[] =>
  (parse(line, { relax_column_count: true }) as string[][])[0] ?? [];

describe('csvCell', () => {
  it('leaves plain text and numbers as they are, and null as an empty cell', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('日本語 Ünïcødé')).toBe('日本語 Ünïcødé');
  });

  it('quotes cells holding a quote, comma, CR or LF, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('prefixes a cell starting with = + - @ tab or CR with a quote mark', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('round-trips any strings through a CSV parser, formula starts prefixed, never starting a formula', () => {
    const tricky = fc.constantFrom(
      '"',
      ',',
      '\r',
      '\n',
      '\r\n',
      '=',
      '+',
      '-',
      '@',
      '\t',
      "'",
      ' ',
      'é',
      '日',
    );
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc
        .array(fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 3 })))
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 8 }), (cells) => {
        const parsed = parseLine(csvLine(cells));
        expect(parsed).toEqual(cells.map((c) => (FORMULA.test(c) ? `'${c}` : c)));
        for (const p of parsed) expect(FORMULA.test(p)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('csvStream', () => {
  it('sends the BOM and header, then every batch, in order', async () => {
    async function* batches() {
      yield [['1', 'x']];
      yield [];
      yield [
        ['2', '=y'],
        ['3', null],
      ];
    }
    let text = '';
    for await (const chunk of csvStream(['Id', 'Name'], batches())) text += String(chunk);
    expect(text).toBe(`${UTF8_BOM}Id,Name\r\n1,x\r\n2,'=y\r\n3,\r\n`);
  });
});

describe('keysetBatches', () => {
  it('resumes after the last row of each batch and stops at a short batch', async () => {
    const data = Array.from({ length: 7 }, (_, i) => i + 1);
    const calls: (number | undefined)[] = [];
    const seen: number[][] = [];
    for await (const batch of keysetBatches(
      3,
      async (after: number | undefined, limit) => {
        calls.push(after);
        return data.filter((n) => n > (after ?? 0)).slice(0, limit);
      },
      (n) => n,
    ))
      seen.push(batch);
    expect(seen).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(calls).toEqual([undefined, 3, 6]);
  });
});

it('fileTimestamp is the UTC time as YYYYMMDD-HHmmss', () => {
  expect(fileTimestamp(new Date('2024-01-31T05:04:03.999Z'))).toBe('20240131-050403');
});
