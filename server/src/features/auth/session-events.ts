// Ended sessions reach every instance through the event bus (sessions.ts publishes them when the change
// commits): each instance forgets its cached read of the user (guards.ts), so the next request with an
// access token of that session, or of any session after a password change or deactivation, is refused
// within a second everywhere rather than after USER_TTL_MS. Live streams close themselves on the same
// message (notifications/routes.ts).
import type { FastifyInstance } from 'fastify';
import { forgetEveryone, forgetUser } from '../../platform/auth/guards';

export function installSessionEvents(app: FastifyInstance): void {
  const unsubscribe = app.events.subscribe((msg) => {
    if (msg.sessionsEnded) forgetUser(msg.sessionsEnded.userId);
    // Messages were lost while the bus reconnected: any cached user may have ended a session meanwhile.
    if (msg.resync) forgetEveryone();
  });
  app.addHook('onClose', async () => unsubscribe());
}
