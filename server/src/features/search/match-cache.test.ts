// The shared matches cache on its own: one load per text however many ask at once, failures and cleared
// loads not kept, and a bound on its size.
import { describe, expect, it, vi } from 'vitest';
import { MatchCache, type Matches } from './match-cache';

const matches = (changes = '1', count = 0): Matches => ({
  changes,
  lists: [Array.from({ length: count }, (_, i) => ({ id: i + 1, at: null, score: 0 }))],
  complete: [true],
  details: new Map(),
});

describe('the matches cache', () => {
  it('loads a text once for requests that ask at the same time, and keeps it', async () => {
    const cache = new MatchCache();
    let finish: (m: Matches) => void = () => {};
    const load = vi.fn(() => new Promise<Matches>((resolve) => (finish = resolve)));
    const a = cache.get('kal', load);
    const b = cache.get('kal', load);
    finish(matches());
    expect(await a).toBe(await b);
    expect(await cache.get('kal', load)).toBe(await a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load: the next request loads again', async () => {
    const cache = new MatchCache();
    await expect(cache.get('kal', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const again = matches('2');
    expect(await cache.get('kal', async () => again)).toBe(again);
  });

  it('forgets an entry only if it is still the one kept', async () => {
    const cache = new MatchCache();
    const old = cache.get('kal', async () => matches('1'));
    cache.forget('kal', old);
    const fresh = cache.get('kal', async () => matches('2'));
    cache.forget('kal', old);
    expect(await cache.get('kal', async () => matches('3'))).toBe(await fresh);
  });

  it('drops loads on their way when cleared: they may have read what changed', async () => {
    const cache = new MatchCache();
    let finish: (m: Matches) => void = () => {};
    const before = cache.get('kal', () => new Promise<Matches>((resolve) => (finish = resolve)));
    cache.clear();
    finish(matches('1'));
    await before;
    const after = matches('2');
    expect(await cache.get('kal', async () => after)).toBe(after);
  });

  it('keeps a bounded number of texts, dropping the least recently used', async () => {
    const cache = new MatchCache();
    const load = vi.fn(async () => matches());
    for (let i = 0; i < 2_001; i++) await cache.get(`t${i}`, load);
    expect(cache.size).toBe(2_000);
    await cache.get('t1', load);
    expect(load).toHaveBeenCalledTimes(2_001);
    await cache.get('t0', load);
    expect(load).toHaveBeenCalledTimes(2_002);
  });

  it('keeps at most 200,000 matches in all, dropping the least recently used texts', async () => {
    const cache = new MatchCache();
    const load = vi.fn(async () => matches('1', 500));
    for (let i = 0; i < 400; i++) await cache.get(`t${i}`, load);
    expect(cache.size).toBe(400);
    await cache.get('t400', load);
    expect(cache.size).toBe(400);
    await cache.get('t1', load);
    expect(load).toHaveBeenCalledTimes(401);
    await cache.get('t0', load);
    expect(load).toHaveBeenCalledTimes(402);
  });
});
