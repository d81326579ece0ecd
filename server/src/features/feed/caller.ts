// The caller as the feed sees them.
import type { CurrentUser } from '../../platform/auth/guards';
import { authorize, can } from '../../platform/policy';

/** `userId` sent by the web must be the caller: it is never trusted to name someone else (403). */
export function assertSelf(caller: CurrentUser, userId: number | undefined): void {
  authorize(caller, 'user.actAs', { userId });
}

export const viewerOf = (caller: CurrentUser) => ({
  id: caller.id,
  seesAll: can(caller, 'post.seeUnpublished'),
});
