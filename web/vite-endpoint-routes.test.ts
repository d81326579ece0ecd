// The browser's copy of the endpoint table keeps what the client reads and nothing that needs zod.
import { readdirSync } from 'node:fs';
import { authEndpoints, endpoints } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { browserTableModule } from './vite-endpoint-routes';

describe('browser endpoint tables', () => {
  it('serves every entry with its method, path and access, and no schema', () => {
    const code = browserTableModule('auth') ?? '';
    expect(code).not.toContain('zod');
    const json = JSON.parse(code.replace(/^export const authEndpoints = /, '').replace(/;\s*$/, ''));
    expect(Object.keys(json)).toEqual(Object.keys(authEndpoints));
    expect(json.login).toEqual({ method: 'POST', path: '/v1/auth/login', access: 'public' });
  });

  it('has a browser table for every area of the contract', () => {
    // Every table file of the contract: an area added later is covered without editing this test.
    const areas = readdirSync(new URL('../contract/src/endpoints/', import.meta.url))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    expect(areas).toContain('search');
    const names = areas.flatMap((area) =>
      Object.keys(JSON.parse((browserTableModule(area) ?? '').replace(/^[^=]+= /, '').replace(/;\s*$/, ''))),
    );
    expect(names.sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('leaves the index alone and refuses an area without its table', () => {
    expect(browserTableModule('index')).toBeUndefined();
    expect(() => browserTableModule('nowhere')).toThrow(/no export nowhereEndpoints/);
  });
});
