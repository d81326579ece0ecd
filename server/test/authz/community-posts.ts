// Authorisation matrix rows of the community post routes (see ../authz-matrix.test.ts).
import type { TestApp } from '../app';
import type { MatrixContext, Rows } from './shared';

export async function communityPostsRows(_t: TestApp, _ctx: MatrixContext): Promise<Rows> {
  return {};
}
