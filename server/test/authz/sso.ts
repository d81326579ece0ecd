// Authorisation matrix rows of the company sign-in (issue 19). The matrix's app has no provider
// configured: start answers 404 and the callback sends everyone to the error page.
import { adminOnly, publicRoute, type Rows } from './shared';

export function ssoRows(): Rows {
  return {
    'GET /v1/auth/sso/providers': ['/v1/auth/sso/providers', publicRoute(200)],
    'GET /v1/auth/sso/:provider/start': ['/v1/auth/sso/none/start', publicRoute(404)],
    'GET /v1/auth/sso/:provider/callback': ['/v1/auth/sso/none/callback', publicRoute(302)],
    // Without the hand-off cookie nobody gets a session, whatever bearer token they hold.
    'POST /v1/auth/sso/session': ['/v1/auth/sso/session', publicRoute(401)],
    'GET /v1/api/settings/password-sign-in': ['/v1/api/settings/password-sign-in', adminOnly(200)],
    'PUT /v1/api/settings/password-sign-in': ['/v1/api/settings/password-sign-in', adminOnly(400)],
  };
}
