// Authorisation matrix rows of the foundation routes (see ../authz-matrix.test.ts).
import { adminOnly, knownRoles, type MatrixContext, publicRoute, type Rows } from './shared';

export function foundationRows(ctx: MatrixContext): Rows {
  const { adminId, statsId } = ctx;
  return {
    'GET /v1/health': ['/v1/health', publicRoute(200)],
    'GET /v1/health/live': ['/v1/health/live', publicRoute(200)],
    'GET /v1/health/ready': ['/v1/health/ready', publicRoute(200)],
    'GET /v1/config': ['/v1/config', publicRoute(200)],
    'GET /robots.txt': ['/robots.txt', publicRoute(200)],
    'POST /v1/auth/login': ['/v1/auth/login', publicRoute(400)],
    'POST /v1/auth/register': ['/v1/auth/register', publicRoute(400)],
    'GET /v1/auth/register-groups': ['/v1/auth/register-groups?limit=-1', publicRoute(200)],
    'POST /v1/auth/resend-verification': ['/v1/auth/resend-verification', publicRoute(400)],
    'POST /v1/auth/verify-email': ['/v1/auth/verify-email', publicRoute(400)],
    'POST /v1/auth/reset-password': ['/v1/auth/reset-password', publicRoute(400)],
    'POST /v1/auth/set-password': ['/v1/auth/set-password', publicRoute(400)],
    'POST /v1/auth/check-reset-token': ['/v1/auth/check-reset-token', publicRoute(400)],
    'POST /v1/auth/confirm-email-change': ['/v1/auth/confirm-email-change', publicRoute(400)],
    // An access token is not a refresh token: everybody here gets 401.
    'POST /v1/auth/refresh-token': ['/v1/auth/refresh-token', publicRoute(401)],
    'POST /v1/auth/logout': ['/v1/auth/logout', publicRoute(200)],

    'GET /v1/api/users/all': ['/v1/api/users/all?limit=-1', adminOnly(200)],
    'GET /v1/api/users': ['/v1/api/users?limit=-1', adminOnly(200)],
    'GET /v1/api/users/totals': ['/v1/api/users/totals', adminOnly(200)],
    'GET /v1/api/users/:id': [`/v1/api/users/${adminId}`, adminOnly(200)],
    'POST /v1/api/users': ['/v1/api/users', adminOnly(400)],
    'PUT /v1/api/users/:id': [`/v1/api/users/${adminId}`, adminOnly(400)],
    'GET /v1/api/roles': ['/v1/api/roles', adminOnly(200)],
    'GET /v1/api/groups': ['/v1/api/groups?limit=-1', knownRoles(200)],
    'POST /v1/api/users/update-profile': ['/v1/api/users/update-profile', knownRoles(400)],
    // Every role, even an unknown one, may change its own password (/password-change).
    'POST /v1/api/users/update-password': ['/v1/api/users/update-password', [401, 400, 400, 400, 400]],
    'POST /v1/api/users/profile-image': ['/v1/api/users/profile-image', knownRoles(400)],
    'GET /v1/api/users/profile-image/:id': [`/v1/api/users/profile-image/${adminId}`, knownRoles(200)],
    'GET /v1/api/users/actions': ['/v1/api/users/actions', knownRoles(200)],
    'GET /v1/api/statistics': ['/v1/api/statistics', knownRoles(200)],
    'PUT /v1/api/statistics/:id': [`/v1/api/statistics/${statsId}`, adminOnly(400)],
  };
}
