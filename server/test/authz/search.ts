// Authorisation matrix rows of global search (see ../authz-matrix.test.ts). Every known role searches;
// what each finds is the visibility matrix's (src/features/search/visibility-matrix.test.ts).
import type { TestApp } from '../app';
import { knownRoles, type MatrixContext, type Rows } from './shared';

export async function searchRows(_t: TestApp, _ctx: MatrixContext): Promise<Rows> {
  return {
    'GET /v1/api/search/suggest': ['/v1/api/search/suggest?q=hello', knownRoles(200)],
    'GET /v1/api/search': ['/v1/api/search?q=hello&kind=people', knownRoles(200)],
    'GET /v1/api/search/summary': ['/v1/api/search/summary?q=hello', knownRoles(200)],
  };
}
