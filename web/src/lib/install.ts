// "Install Hearth" (issue 14): browsers that can install a web app announce it with a
// `beforeinstallprompt` event, once, early; it is kept here until the hint's button uses it. iPhones have
// no such event: there Hearth is installed from Safari's Share menu, and only an installed Hearth can
// receive push notifications, so the bell explains the steps instead.
import { useSyncExternalStore } from 'react';

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

const DISMISSED_KEY = 'hearth.installHintDismissed';

let deferred: InstallPromptEvent | null = null;
let dismissed = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Called once at start (main.tsx), before the browser fires the event. */
export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  try {
    dismissed = window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    dismissed = false;
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    emit();
  });
}

const canInstall = () => deferred !== null && !dismissed;

export function useInstallPrompt() {
  const available = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    canInstall,
    () => false,
  );
  return {
    available,
    install: async () => {
      const event = deferred;
      if (!event) return;
      await event.prompt();
      await event.userChoice.catch(() => undefined);
      deferred = null;
      emit();
    },
    dismiss: () => {
      dismissed = true;
      try {
        window.localStorage.setItem(DISMISSED_KEY, '1');
      } catch {
        // Private mode: the hint comes back next time, which is harmless.
      }
      emit();
    },
  };
}

/** Safari on an iPhone or iPad, not opened from the Home Screen: push needs the app installed first. */
export function isIosBrowserTab(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches);
  return ios && !standalone;
}
