// Light or dark: follows the system setting unless the user picked one in the top bar (issue 14). The
// choice is kept in localStorage on this device; the system setting is watched while the app is open.
import { useSyncExternalStore } from 'react';
import type { ColorMode } from './brand-vars';

export type ColorPreference = 'system' | ColorMode;

const STORAGE_KEY = 'hearth.colorMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** What the screen shows for a preference, given whether the system asks for dark. */
export function resolveColorMode(preference: ColorPreference, systemDark: boolean): ColorMode {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/** A stored value we do not know (an older version, a hand edit) means "follow the system". */
export function parsePreference(value: string | null): ColorPreference {
  return value === 'light' || value === 'dark' ? value : 'system';
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function readPreference(): ColorPreference {
  try {
    return parsePreference(localStorage.getItem(STORAGE_KEY));
  } catch {
    return 'system'; // storage blocked (private mode settings)
  }
}

function systemIsDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

const initial = readPreference();
let current = { preference: initial, mode: resolveColorMode(initial, systemIsDark()) };

export function setColorPreference(preference: ColorPreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    // Not kept across visits, still applied now.
  }
  current = { preference, mode: resolveColorMode(preference, systemIsDark()) };
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    const mode = resolveColorMode(current.preference, systemIsDark());
    if (mode !== current.mode) {
      current = { ...current, mode };
      notify();
    }
  };
  media?.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', onSystemChange);
  };
}

export function useColorMode(): { preference: ColorPreference; mode: ColorMode } {
  return useSyncExternalStore(subscribe, () => current);
}
