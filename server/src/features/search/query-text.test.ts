// The search text as to_tsquery text: websearch syntax with every plain word a prefix, and nothing a user
// types reaching the query's structure.
import { describe, expect, it } from 'vitest';
import { parseSearch } from './query-text';

describe('parseSearch', () => {
  it.each([
    ['quar resul', "'quar':* & 'resul':*"],
    ['"revenue grew"', "'revenue' <-> 'grew'"],
    ['heron OR lantern', "'heron':* | 'lantern':*"],
    ['pumpkin -soup', "'pumpkin':* & !'soup':*"],
    ['Zoë', "'zoë':*"],
    ['e-mail', "('e' & 'mail':*)"],
    ["a' | b", "'a' & 'b'"],
    ['go lon', "'go' & 'lon':*"],
    ['xyz -"two words"', "'xyz':* & !('two' <-> 'words')"],
  ])('%s', (input, expected) => {
    expect(parseSearch(input).tsquery).toBe(expected);
  });

  it('answers no query when nothing positive is left', () => {
    expect(parseSearch('-soup').tsquery).toBeNull();
    expect(parseSearch('!!! ??').tsquery).toBeNull();
    expect(parseSearch('OR').tsquery).toBeNull();
  });

  it.each([
    ['quarterly res', "'quarterly':*"],
    ['pumpkin -soup lan', "'pumpkin':* & !'soup':*"],
    ['quarterly resul', null],
    ['quarterly re', null],
    ['res', null],
    ['heron OR lan', null],
    ['heron -lan', null],
    ['-heron lan', null],
  ])('as you type, %s finds by the index with %s', (input, narrow) => {
    expect(parseSearch(input).narrow).toBe(narrow);
  });

  it('keeps the positive words for name similarity', () => {
    expect(parseSearch('Margret -Smith "x y"').plain).toBe('margret x y');
  });
});
