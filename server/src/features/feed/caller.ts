// The caller as the feed sees them.
import type { CurrentUser } from '../../platform/auth/guards';
import { forbidden } from '../../platform/errors';
import { seesEveryPost } from './visibility';

/** `userId` sent by the web must be the caller: it is never trusted to name someone else (403). */
export function assertSelf(caller: CurrentUser, userId: number | undefined): void {
  if (userId !== undefined && userId !== caller.id) throw forbidden();
}

export const viewerOf = (caller: CurrentUser) => ({ id: caller.id, seesAll: seesEveryPost(caller.roleId) });
