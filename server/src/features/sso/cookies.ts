// The two short-lived cookies of a provider sign-in (ADR 034): one binds the browser that started a
// sign-in to its `state`, the other carries the hand-off secret from the callback to the app's page. Both
// httpOnly, SameSite=Lax (the provider's answer is a top-level navigation from another site), Secure
// when the app is served over HTTPS, and scoped to the one path that reads them.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const STATE_COOKIE = 'hearth_sso_state';
export const HANDOFF_COOKIE = 'hearth_sso_handoff';
export const HANDOFF_PATH = '/v1/auth/sso/session';
export const callbackPath = (provider: string) => `/v1/auth/sso/${provider}/callback`;

/** A cookie of the request by name (values we set are base64url: no quoting or decoding needed). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** Adds a Set-Cookie header; `maxAgeSeconds` 0 deletes the cookie. */
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; secure: boolean },
): void {
  const parts = [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ];
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...list, parts.join('; ')]);
}
