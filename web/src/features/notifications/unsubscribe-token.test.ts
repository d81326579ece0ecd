import { describe, expect, it } from 'vitest';
import { tokenFromHash, withoutHash } from './unsubscribe-token';

describe('tokenFromHash', () => {
  it('reads the fragment, decoded', () => {
    expect(tokenFromHash('#abc.DEF-_1')).toBe('abc.DEF-_1');
    expect(tokenFromHash('#a%2Eb')).toBe('a.b');
    expect(tokenFromHash('abc')).toBe('abc');
  });
  it('is empty without a token or for a malformed one', () => {
    expect(tokenFromHash('')).toBe('');
    expect(tokenFromHash('#')).toBe('');
    expect(tokenFromHash('#%E0%A4%A')).toBe('');
  });
});

describe('withoutHash', () => {
  it('keeps the path and query', () => {
    expect(withoutHash({ pathname: '/unsubscribe', search: '' })).toBe('/unsubscribe');
    expect(withoutHash({ pathname: '/unsubscribe', search: '?x=1' })).toBe('/unsubscribe?x=1');
  });
});
