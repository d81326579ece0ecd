// Web push in the browser (product.md section 4): the service worker (/sw.js, registered while someone is
// logged in: lib/offline-copies.ts) carries the subscription, which is sent to the server; logging out
// removes both. Permission is asked only from a click (the bell panel's button). Every failure is only
// logged, never shown.
import { notificationsEndpoints } from '@hearth/contract';
import { ApiError } from './api';
import { call } from './endpoint-client';
import { SW_URL } from './offline-copies';

export type PushState = 'unsupported' | 'default' | 'granted' | 'denied';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushState(): PushState {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** The VAPID key as PushManager.subscribe wants it. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** What POST /users/register-notification takes, from PushSubscription.toJSON(); undefined if keys are missing. */
export function registrationBody(json: PushSubscriptionJSON) {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return undefined;
  return { endPoint: endpoint, mkey: keys.p256dh, authSecret: keys.auth };
}

/**
 * Tells the server of the subscription. The server keeps an endpoint with the user who registered it and
 * answers 409 on `endPoint` to anyone else: on this browser, someone else's session left its subscription
 * behind (it ended without logging out). Then this one is dropped and a fresh one registered, so this
 * user's pushes arrive here and the other's stop (their push service now answers 410 to the old endpoint).
 */
export async function registerSubscription(
  subscription: Pick<PushSubscription, 'toJSON' | 'unsubscribe'>,
  subscribe: () => Promise<Pick<PushSubscription, 'toJSON'>>,
  post: (body: NonNullable<ReturnType<typeof registrationBody>>) => Promise<unknown>,
): Promise<void> {
  const body = registrationBody(subscription.toJSON());
  if (!body) return;
  try {
    await post(body);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409 && err.fields?.endPoint)) throw err;
    await subscription.unsubscribe();
    const fresh = registrationBody((await subscribe()).toJSON());
    if (fresh) await post(fresh);
  }
}

/**
 * Registers the worker and, when permission is granted, subscribes and tells the server (again: the
 * server keeps one row per endpoint). With `ask`, asks for permission first (call it from a click only).
 */
export async function enablePush(ask = false): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  try {
    if (Notification.permission === 'denied') return 'denied';
    const registration = await navigator.serviceWorker.register(SW_URL);
    if (Notification.permission === 'default') {
      if (!ask) return 'default';
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') return answer;
    }
    await navigator.serviceWorker.ready;
    const subscribe = async () => {
      const { publicKey } = await call(notificationsEndpoints.getVapidPublicKey);
      return registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      });
    };
    const subscription = (await registration.pushManager.getSubscription()) ?? (await subscribe());
    await registerSubscription(subscription, subscribe, (body) =>
      call(notificationsEndpoints.registerPushSubscription, { body }),
    );
    return 'granted';
  } catch (err) {
    console.warn('Web push could not be enabled', err);
    return pushState();
  }
}

/** On logout (while the session is still valid): unsubscribe, tell the server, unregister the worker. */
export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration(SW_URL);
    if (!registration) return;
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      const endPoint = subscription.endpoint;
      await subscription.unsubscribe().catch((err) => console.warn('Web push unsubscribe failed', err));
      await call(
        notificationsEndpoints.unregisterPushSubscription,
        { body: { endPoint } },
        { timeoutMs: 3000 },
      ).catch((err) => console.warn('Web push subscription could not be removed', err));
    }
    await registration.unregister();
  } catch (err) {
    console.warn('Web push could not be disabled', err);
  }
}
