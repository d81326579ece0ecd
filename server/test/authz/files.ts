// Authorisation matrix rows of the file routes (see ../authz-matrix.test.ts).
import type { TestApp } from '../app';
import { knownRoles, type MatrixContext, publicRoute, type Rows } from './shared';

export async function filesRows(_t: TestApp, _ctx: MatrixContext): Promise<Rows> {
  return {
    // Served without a login (<img> and <video> send no token); unknown keys are 404 to everyone.
    'GET /files/*': ['/files/profile/00000000-0000-0000-0000-000000000000.jpg', publicRoute(404)],
    // Staff upload too (community posts); the matrix's JSON body is not multipart: 400.
    'POST /v1/api/files/upload': ['/v1/api/files/upload', knownRoles(400)],
  };
}
