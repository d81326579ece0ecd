// Authorisation matrix rows of the notification routes (see ../authz-matrix.test.ts). The stream is asked
// with `once=1` so it answers the count and ends (inject cannot read an endless stream); the live stream
// itself is tested over a real socket in src/features/notifications/stream.test.ts.
import type { TestApp } from '../app';
import { knownRoles, type MatrixContext, publicRoute, type Rows } from './shared';

export async function notificationsRows(_t: TestApp, _ctx: MatrixContext): Promise<Rows> {
  return {
    'GET /v1/api/notifications': ['/v1/api/notifications', knownRoles(200)],
    'POST /v1/api/notifications/view': ['/v1/api/notifications/view', knownRoles(400)],
    'POST /v1/api/notifications/view-all': ['/v1/api/notifications/view-all', knownRoles(200)],
    'GET /v1/api/notifications/history': ['/v1/api/notifications/history?filter=unread', knownRoles(200)],
    'POST /v1/api/notifications/unview': ['/v1/api/notifications/unview', knownRoles(400)],
    'GET /v1/api/notifications/preferences': ['/v1/api/notifications/preferences', knownRoles(200)],
    'PUT /v1/api/notifications/preferences': ['/v1/api/notifications/preferences', knownRoles(400)],
    // Public (the digest's link, no login): a signed token in the body, refused when missing.
    'POST /v1/api/notifications/unsubscribe': ['/v1/api/notifications/unsubscribe', publicRoute(400)],
    'GET /v1/api/notifications/stream': ['/v1/api/notifications/stream?once=1', knownRoles(200)],
    'POST /v1/api/notifications/stream-ticket': ['/v1/api/notifications/stream-ticket', knownRoles(200)],
    'GET /v1/api/notifications/vapid-public-key': ['/v1/api/notifications/vapid-public-key', knownRoles(200)],
    'POST /v1/api/users/register-notification': ['/v1/api/users/register-notification', knownRoles(400)],
    'DELETE /v1/api/users/register-notification': ['/v1/api/users/register-notification', knownRoles(400)],
  };
}
