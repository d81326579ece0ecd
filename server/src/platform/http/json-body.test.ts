// The depth scan that runs before JSON.parse: it must count only real nesting (not brackets in strings,
// whatever their escapes) and stop early on a deep body.
import { describe, expect, it } from 'vitest';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-body';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('jsonTooDeep', () => {
  it(`allows ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}, arrays and objects alike`, () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    const objects = (depth: number): string => (depth === 0 ? '1' : `{"a":${objects(depth - 1)}}`);
    expect(jsonTooDeep(objects(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(objects(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('counts depth, not the number of brackets: many siblings are fine', () => {
    expect(jsonTooDeep(`[${Array(10_000).fill('[[1],{"a":[2]}]').join(',')}]`)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(jsonTooDeep(JSON.stringify({ html: '['.repeat(1000), q: '"[[[[', b: '\\', after: '{{{{' }))).toBe(
      false,
    );
    // A string ending in a backslash must not hide the brackets that follow it.
    expect(jsonTooDeep(`["\\\\",${nested(MAX_JSON_DEPTH)}]`)).toBe(true);
  });

  it('scans a 4 MB body quickly and stops at the first level too deep', () => {
    const deep = nested(2 * 1024 * 1024);
    const flat = JSON.stringify({ text: 'x'.repeat(4 * 1024 * 1024) });
    const started = performance.now();
    expect(jsonTooDeep(deep)).toBe(true);
    expect(jsonTooDeep(flat)).toBe(false);
    // About 10 ms on an idle machine; the bound leaves room for a loaded one.
    expect(performance.now() - started).toBeLessThan(500);
  });
});
