// The live unviewed count (product.md section 7, Notifications): an EventSource on the notification stream.
// EventSource cannot send headers, and a token in a URL would be logged, so every (re)connect first asks
// for a single-use ticket of 30 seconds (an authenticated POST through the shared API client, which
// refreshes the access token when needed) and opens the stream with it. The server ends the stream after
// 15 minutes or when the session ends; we then reconnect with a new ticket, backing off after failures. Each event carries the unviewed count
// and, for a new notification, the notification itself: the cached list takes both and is refetched.
import { type NotificationEvent, notificationsEndpoints, ROLE } from '@hearth/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, endpointUrl } from '../../lib/endpoint-client';
import { useSession } from '../../lib/session';
import { applyEvent, reconnectDelay } from './notification-logic';
import { notificationKeys, notificationsQuery } from './queries';

/** A connection open this long was healthy: its end (its 15 minutes are up) is not a failure. */
const HEALTHY_STREAM_MS = 60_000;

function parseEvent(data: unknown): NotificationEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const event = value as Partial<NotificationEvent>;
    return typeof event.unviewed === 'number' ? (event as NotificationEvent) : null;
  } catch {
    return null;
  }
}

function onEvent(queryClient: QueryClient, event: NotificationEvent): void {
  const key = notificationsQuery().queryKey;
  const cached = queryClient.getQueryData<{ unviewed: number }>(key);
  queryClient.setQueryData(key, (list: Parameters<typeof applyEvent>[0]) => applyEvent(list, event));
  // Refetch only when something changed: the first event of every connection repeats the count.
  if (event.notification || !cached || cached.unviewed !== event.unviewed) {
    void queryClient.invalidateQueries({ queryKey: key });
    // The notification centre: a new notification shows on top at once; another change (read in another
    // tab) is loaded the next time the list is shown, rather than moving the rows under the pointer now.
    void queryClient.invalidateQueries({
      queryKey: notificationKeys.histories(),
      refetchType: event.notification ? 'active' : 'none',
    });
  }
}

/** Keeps the bell's count live while a staff member (role 2) is logged in; closes on logout/unmount. */
export function useLiveNotificationCount(): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.kind === 'ok' && session.profile.roles.id === ROLE.STAFF ? session.profile.id : null;

  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let failures = 0;

    const schedule = () => {
      if (stopped) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(connect, reconnectDelay(failures));
      failures += 1;
    };

    async function connect() {
      if (stopped) return;
      let ticket: string;
      try {
        ticket = (await call(notificationsEndpoints.createNotificationStreamTicket)).ticket;
      } catch {
        // Unreachable server: try again later. A refused refresh has already sent us to the login page.
        schedule();
        return;
      }
      if (stopped) return;
      const es = new EventSource(
        endpointUrl(notificationsEndpoints.streamNotifications, { query: { ticket } }),
      );
      source = es;
      let openedAt = Date.now();
      es.onopen = () => {
        openedAt = Date.now();
      };
      es.onmessage = (message) => {
        const event = parseEvent(message.data);
        if (event) onEvent(queryClient, event);
      };
      // The stream ended (its time was up, session ended, server restart) or could not open: never let
      // EventSource retry with the spent ticket; reconnect ourselves with a new one.
      es.onerror = () => {
        es.close();
        if (source === es) source = null;
        // A stream that lived its normal life (its 15 minutes) starts the backoff afresh; one that
        // failed at once or kept dropping backs off further each time.
        if (Date.now() - openedAt > HEALTHY_STREAM_MS) failures = 0;
        schedule();
      };
    }

    void connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
      source = null;
    };
  }, [userId, queryClient]);
}
