// What the community pages read from their address, kept apart from the rest of their logic: the route
// loaders (loaders.ts) read it too, and their chunk, which takes whole modules, must stay light.

/** A route parameter as a database id, or NaN. */
export function parseId(value: string | undefined): number {
  return value && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * The three routes of the community post form: a community manager creating in their community
 * (/communities/:communityId/create-post), an administrator creating (/community-post/create), and editing
 * (/community-post/:communityPostId/edit).
 */
export type PostFormMode =
  | { kind: 'manager-create'; communityId: number | null }
  | { kind: 'admin-create' }
  | { kind: 'edit'; postId: number | null };

const asId = (raw: string | undefined): number | null => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

export function postFormMode(params: { communityId?: string; communityPostId?: string }): PostFormMode {
  if (params.communityPostId !== undefined) return { kind: 'edit', postId: asId(params.communityPostId) };
  if (params.communityId !== undefined)
    return { kind: 'manager-create', communityId: asId(params.communityId) };
  return { kind: 'admin-create' };
}
