// Authorisation matrix rows of the communities and discussion routes (see ../authz-matrix.test.ts).
import type { TestApp } from '../app';
import type { MatrixContext, Rows } from './shared';

export async function communitiesRows(_t: TestApp, _ctx: MatrixContext): Promise<Rows> {
  return {};
}
