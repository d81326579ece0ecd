// SPEC section 9: the mobile layout starts at max-width 599px.
import { LIMITS } from '@hearth/contract';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${LIMITS.mobileMaxWidth}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return window.matchMedia(QUERY).matches;
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
