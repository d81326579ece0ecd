import { ROLE, type SearchHit } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { hitLink } from './hit-link';

const hit = (over: Partial<SearchHit>): SearchHit => ({
  kind: 'posts',
  id: 7,
  title: 'T',
  snippet: null,
  at: null,
  status: null,
  author: null,
  community: null,
  post: null,
  person: null,
  ...over,
});

describe('hitLink', () => {
  it('opens what staff read where staff read it', () => {
    expect(hitLink(hit({}), ROLE.STAFF)).toBe('/post-detail/7');
    expect(hitLink(hit({ kind: 'communityPosts' }), ROLE.STAFF)).toBe('/communities/post/7');
    expect(hitLink(hit({ kind: 'surveys' }), ROLE.STAFF)).toBe('/surveys/7');
    expect(hitLink(hit({ kind: 'messages', community: { id: 3, title: 'C' } }), ROLE.STAFF)).toBe(
      '/communities/3?tab=discussion',
    );
    expect(hitLink(hit({ kind: 'comments', post: { id: 9, isCommunityPost: true } }), ROLE.STAFF)).toBe(
      '/communities/post/9',
    );
    expect(hitLink(hit({ kind: 'people' }), ROLE.STAFF)).toBe('/people/7');
  });

  it("opens administrators' results in the pages they have", () => {
    expect(hitLink(hit({ kind: 'communityPosts' }), ROLE.ADMIN)).toBe('/community-post/7/edit');
    expect(hitLink(hit({ kind: 'communities' }), ROLE.ADMIN)).toBe('/community/edit/7');
    expect(hitLink(hit({ kind: 'surveys' }), ROLE.ADMIN)).toBe('/surveys/edit/7');
    expect(hitLink(hit({}), ROLE.ADMIN)).toBe('/post-detail/7');
  });
});
