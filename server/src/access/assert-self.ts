// A `userId` in a request (a query or a body) that must name the caller.

import type { CurrentUser } from '../platform/auth/guards';
import { authorize } from './policy';

/** `userId` sent by the web must be the caller: it is never trusted to name someone else (403). */
export function assertSelf(caller: CurrentUser, userId: number | undefined): void {
  authorize(caller, 'user.actAs', { userId });
}
