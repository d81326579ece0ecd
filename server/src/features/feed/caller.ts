// The caller as the feed sees them.

import { can } from '../../access/policy';
import type { CurrentUser } from '../../platform/auth/guards';
import type { PostAccess } from '../posts/actions';
import { findPost } from './queries';

export const viewerOf = (caller: CurrentUser) => ({
  id: caller.id,
  seesAll: can(caller, 'post.seeUnpublished'),
});

/** Feed posts (kind 1) only, as the viewer may read them. */
export const feedPostAccess =
  (viewer: ReturnType<typeof viewerOf>): PostAccess =>
  (tx, postId) =>
    findPost(tx, postId, viewer);
