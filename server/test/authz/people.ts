// Authorisation matrix rows of the people directory, colleague profiles and the profile-fields setting (see
// ../authz-matrix.test.ts). The profile is the administrator's, active: every known role reads it. Hidden
// fields, deactivated people (404) and the setting's validation are covered in src/features/people/.
import { adminOnly, knownRoles, type MatrixContext, type Rows } from './shared';

export function peopleRows(ctx: MatrixContext): Rows {
  return {
    'GET /v1/api/people': ['/v1/api/people?q=a', knownRoles(200)],
    'GET /v1/api/people/:id': [`/v1/api/people/${ctx.adminId}`, knownRoles(200)],
    'GET /v1/api/settings/profile-fields': ['/v1/api/settings/profile-fields', adminOnly(200)],
    // The matrix sends an empty body: 400 for the administrator, refused before the body for the others.
    'PUT /v1/api/settings/profile-fields': ['/v1/api/settings/profile-fields', adminOnly(400)],
  };
}
