// Logging in as tests do: through the real login endpoint, with the factory password unless told otherwise,
// and the calls around a session (basic and bearer headers, a login attempt, a password change).
import type { SessionProfile } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { createUser, PASSWORD, type UserOverrides } from './factories';

export const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/** Logs in through the real endpoint and returns the session profile. */
export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<SessionProfile> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    headers: { authorization: basic(email, password) },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data as SessionProfile;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A logged-in user of the given role: the row, its session and its auth header. */
export async function userWithSession(app: FastifyInstance, db: Db, overrides: UserOverrides = {}) {
  const user = await createUser(db, overrides);
  const session = await login(app, user.email, user.password);
  return { user, session, headers: bearer(session.accessToken) };
}

/** A logged-in user as tests hold one: `user`, `session` and `headers`. */
export type Session = Awaited<ReturnType<typeof userWithSession>>;

/** POST /v1/auth/login with these credentials, from `remoteAddress` (the throttle counts per address). */
export const loginAttempt = (app: FastifyInstance, email: string, password: string, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    headers: { authorization: basic(email, password) },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** The profile's password change from the factory password to `password`, as `s` on `app`. */
export const changePassword = (app: FastifyInstance, s: Session, password: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/api/users/update-password',
    headers: s.headers,
    payload: { id: s.user.id, oldPassword: PASSWORD, password },
  });

/** The administrator deactivates `u` through the users form, as the admin screen does. */
export const deactivateUser = (app: FastifyInstance, admin: Session, u: Session) =>
  app.inject({
    method: 'PUT',
    url: `/v1/api/users/${u.user.id}`,
    headers: admin.headers,
    payload: {
      firstName: u.user.firstName,
      lastName: u.user.lastName,
      email: u.user.email,
      roleId: u.user.roleId,
      groups: [],
      isActive: 0,
    },
  });
