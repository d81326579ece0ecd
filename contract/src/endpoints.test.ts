// The endpoint table holds each operation once: names unique across areas (the combined table would
// silently keep only the last of two alike), and no method and path given twice.
import { describe, expect, it } from 'vitest';
import { routeKey } from './endpoint';
import * as table from './endpoints/index';

const areas = Object.entries(table).filter(([name]) => name !== 'endpoints') as [string, object][];

describe('endpoint table', () => {
  it('names each operation once across areas', () => {
    const names = areas.flatMap(([, entries]) => Object.keys(entries));
    expect(names.length).toBe(new Set(names).size);
    expect(Object.keys(table.endpoints).sort()).toEqual(names.sort());
  });

  it('gives each method and path to one operation', () => {
    const keys = Object.values(table.endpoints).map(routeKey);
    expect(keys.length).toBe(new Set(keys).size);
  });
});
