// The logged-in session as kept in the browser (product.md section 3): one "logged-in profile" entry plus
// separate entries for the user profile, refresh token, access token, token expiry date and profile image.
// Remember-me keeps them in localStorage (30 days), otherwise in sessionStorage (12 hours), as
// product.md section 9 says. Components read the session through `useSession`, a tiny external store, so
// the route table and menus follow login, logout, token rotation and other tabs.
import type { SessionProfile } from '@hearth/contract';
import { useSyncExternalStore } from 'react';
import { forgetOfflineCopies } from './offline-copies';

const KEY = {
  profile: 'hearth.profile',
  user: 'hearth.user',
  refreshToken: 'hearth.refreshToken',
  accessToken: 'hearth.accessToken',
  tokenExpiry: 'hearth.accessTokenExpiryDate',
  profileImage: 'hearth.profileImage',
  surveyRedirect: 'hearth.surveyRedirect',
} as const;

const SESSION_KEYS = [
  KEY.profile,
  KEY.user,
  KEY.refreshToken,
  KEY.accessToken,
  KEY.tokenExpiry,
  KEY.profileImage,
] as const;

/** A token this close to its expiry counts as expired, so a request never races the deadline. */
const EXPIRY_MARGIN_MS = 30_000;

export type SessionState =
  | { kind: 'none' }
  | { kind: 'broken' }
  | { kind: 'ok'; profile: SessionProfile; remember: boolean };

function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy settings); the app then behaves as logged out.
    return null;
  }
}

function isProfile(value: unknown): value is SessionProfile {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  const roles = p.roles as Record<string, unknown> | null | undefined;
  return (
    typeof p.id === 'number' &&
    typeof p.accessToken === 'string' &&
    typeof p.refreshToken === 'string' &&
    typeof p.accessTokenExpiryDate === 'string' &&
    typeof roles === 'object' &&
    roles !== null &&
    typeof roles.id === 'number'
  );
}

let cachedRaw: string | null | undefined;
let cachedState: SessionState = { kind: 'none' };

/** Reads the stored session; the result object is stable while the stored text is unchanged. */
export function readSession(): SessionState {
  const local = safeStorage('local')?.getItem(KEY.profile) ?? null;
  const raw = local ?? safeStorage('session')?.getItem(KEY.profile) ?? null;
  const cacheKey = raw === null ? null : `${local === null ? 's' : 'l'}${raw}`;
  if (cacheKey === cachedRaw) return cachedState;
  cachedRaw = cacheKey;
  if (raw === null) {
    cachedState = { kind: 'none' };
    return cachedState;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    cachedState = isProfile(parsed)
      ? { kind: 'ok', profile: parsed, remember: local !== null }
      : { kind: 'broken' };
  } catch {
    cachedState = { kind: 'broken' };
  }
  return cachedState;
}

export function currentProfile(): SessionProfile | null {
  const state = readSession();
  return state.kind === 'ok' ? state.profile : null;
}

export function isAccessTokenExpired(profile: SessionProfile, now = Date.now()): boolean {
  const expiry = Date.parse(profile.accessTokenExpiryDate);
  return Number.isNaN(expiry) || expiry - EXPIRY_MARGIN_MS <= now;
}

const listeners = new Set<() => void>();
function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logging in or out (or rotating the token) changes localStorage: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('hearth.')) emit();
  });
}

/** Writes every session entry; `remember` picks the storage when no session is stored yet. */
export function saveSession(profile: SessionProfile, remember?: boolean): void {
  const existing = readSession();
  // Offline copies of another user's pages must not outlive the switch (lib/offline-copies.ts).
  if (existing.kind !== 'ok' || existing.profile.id !== profile.id) forgetOfflineCopies();
  const useLocal = remember ?? (existing.kind === 'ok' ? existing.remember : false);
  const target = safeStorage(useLocal ? 'local' : 'session');
  const other = safeStorage(useLocal ? 'session' : 'local');
  for (const key of SESSION_KEYS) other?.removeItem(key);
  if (!target) return;
  const { accessToken, refreshToken, accessTokenExpiryDate, profileImage, ...user } = profile;
  target.setItem(KEY.profile, JSON.stringify(profile));
  target.setItem(KEY.user, JSON.stringify(user));
  target.setItem(KEY.refreshToken, refreshToken);
  target.setItem(KEY.accessToken, accessToken);
  target.setItem(KEY.tokenExpiry, accessTokenExpiryDate);
  if (profileImage) target.setItem(KEY.profileImage, profileImage);
  else target.removeItem(KEY.profileImage);
  emit();
}

/** Merges changed fields (new tokens, name, image) into the stored session. */
export function updateSession(patch: Partial<SessionProfile>): void {
  const profile = currentProfile();
  if (profile) saveSession({ ...profile, ...patch });
}

export function clearSession(): void {
  forgetOfflineCopies();
  for (const kind of ['local', 'session'] as const) {
    const storage = safeStorage(kind);
    for (const key of SESSION_KEYS) storage?.removeItem(key);
  }
  emit();
}

/** The session for React components; re-renders on every change. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, readSession, readSession);
}

export function useProfile(): SessionProfile | null {
  const state = useSession();
  return state.kind === 'ok' ? state.profile : null;
}

// The survey redirect is tab-scoped: a survey link opened while logged out wins after the login in that tab.
export function rememberSurveyLink(path: string): void {
  safeStorage('session')?.setItem(KEY.surveyRedirect, path);
}

export function takeSurveyLink(): string | null {
  const storage = safeStorage('session');
  const link = storage?.getItem(KEY.surveyRedirect) ?? null;
  storage?.removeItem(KEY.surveyRedirect);
  return link;
}

export function peekSurveyLink(): string | null {
  return safeStorage('session')?.getItem(KEY.surveyRedirect) ?? null;
}
