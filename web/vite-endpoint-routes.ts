// The browser needs of an endpoint entry only its method, path and access (src/lib/endpoint-client.ts).
// The zod schemas beside them would bring zod itself (about 28 KB gzip) to every page, the login page
// first. So when Vite bundles a table of contract/src/endpoints/, this plugin serves the same entries
// without their schemas, read from the real table at build time: one source still, and the types still
// come from the source (ADR 026).
import type { Endpoint } from '@hearth/contract';
import type { Plugin } from 'vite';
// A relative import, so Vite bundles the TypeScript source into its config instead of asking Node to load it.
import * as tables from '../contract/src/endpoints/index';

const TABLE_FILE = /[\\/]contract[\\/]src[\\/]endpoints[\\/]([a-z]+)\.ts$/;

/** The module that replaces contract/src/endpoints/<area>.ts in the browser bundle. */
export function browserTableModule(area: string): string | undefined {
  if (area === 'index') return undefined;
  const name = `${area}Endpoints`;
  const table = Object.entries(tables).find(([exported]) => exported === name)?.[1] as
    | Record<string, Endpoint>
    | undefined;
  if (!table) throw new Error(`contract/src/endpoints/${area}.ts: no export ${name}`);
  const entries = Object.fromEntries(
    Object.entries(table).map(([key, e]) => [key, { method: e.method, path: e.path, access: e.access }]),
  );
  return `export const ${name} = ${JSON.stringify(entries)};\n`;
}

export function endpointRoutes(): Plugin {
  return {
    name: 'hearth-endpoint-routes',
    enforce: 'pre',
    load(id) {
      const area = id.match(TABLE_FILE)?.[1];
      return area ? browserTableModule(area) : undefined;
    },
  };
}
