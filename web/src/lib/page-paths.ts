// The address of the page that shows one object, for links: the patterns they match are the route table's
// (route-table.ts). Kept apart from the components of those pages, so a link to a post or a person does not
// bring the post card or the person page with it.

/** A feed post's page. */
export function postPath(id: number): string {
  return `/post-detail/${id}`;
}

/** A community post's page. */
export function communityPostPath(id: number): string {
  return `/communities/post/${id}`;
}

/**
 * Where a feed card leads: a community post (the News Communities tab; the server adds `communityId` to
 * those posts) opens the community post page, any other post its detail page.
 */
export function feedPostLink(post: { id: number; communityId?: number | null }): string {
  return post.communityId != null ? communityPostPath(post.id) : postPath(post.id);
}

/** A person's page. */
export const personPath = (id: number) => `/people/${id}`;
