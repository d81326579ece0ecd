// Authorisation matrix rows of the file uploads routes (see ../authz-matrix.test.ts).
// Create whatever rows the urls need through `t.db` or the factories, then answer the rows.
import type { TestApp } from '../app';
import type { MatrixContext, Rows } from './shared';

export async function filesRows(_t: TestApp, _ctx: MatrixContext): Promise<Rows> {
  return {};
}
