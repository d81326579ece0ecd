import { communityBody, communityPostBody, MSG, STATE, VISIBILITY } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  afterSavePath,
  type CommunityFormValues,
  type CommunityPostFormValues,
  checkCommunityImage,
  communityRequiredError,
  toCommunityBody,
  toCommunityPostBody,
} from './community-form-logic';
import { postFormMode } from './route-params';

const MB = 1024 * 1024;

describe('community image check', () => {
  it('accepts only JPG and PNG', () => {
    expect(checkCommunityImage({ type: 'image/gif', size: 10 }, false)).toBe(MSG.imageTypeOnly);
    expect(checkCommunityImage({ type: 'application/pdf', size: 10 }, true)).toBe(MSG.imageTypeOnly);
    expect(checkCommunityImage({ type: 'image/jpeg', size: 10 }, false)).toBeNull();
    expect(checkCommunityImage({ type: 'image/png', size: 10 }, true)).toBeNull();
  });

  it('keeps create under 2MB and edit under 10MB', () => {
    expect(checkCommunityImage({ type: 'image/png', size: 2 * MB - 1 }, false)).toBeNull();
    expect(checkCommunityImage({ type: 'image/png', size: 2 * MB }, false)).toBe(MSG.profileImageTooBig);
    expect(checkCommunityImage({ type: 'image/png', size: 5 * MB }, true)).toBeNull();
    expect(checkCommunityImage({ type: 'image/png', size: 10 * MB }, true)).toBe(MSG.fileTooBig);
  });
});

describe('community body', () => {
  const values: CommunityFormValues = {
    title: '  Runners ',
    description: ' We run. ',
    visibilityId: VISIBILITY.PUBLIC,
    stateId: STATE.DRAFT,
    image: { id: 7, url: '/files/a.png' },
    managers: [3, 3, 4],
    users: [5],
  };

  it('trims, sends the image id and drops members of a public community', () => {
    const body = toCommunityBody(values);
    expect(body).toEqual({
      title: 'Runners',
      description: 'We run.',
      visibilityId: VISIBILITY.PUBLIC,
      stateId: STATE.DRAFT,
      image: 7,
      managers: [3, 4],
      users: [],
    });
    expect(communityBody.safeParse(body).success).toBe(true);
  });

  it('keeps the members of a private community and sends no image when none was chosen', () => {
    const body = toCommunityBody({ ...values, visibilityId: VISIBILITY.PRIVATE, image: null });
    expect(body.users).toEqual([5]);
    expect(body.image).toBeNull();
  });

  it('is refused by the contract without a manager', () => {
    const parsed = communityBody.safeParse(toCommunityBody({ ...values, managers: [] }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MSG.managerRequired);
  });
});

describe('community post form routes', () => {
  it('tells the three routes apart', () => {
    expect(postFormMode({ communityId: '12' })).toEqual({ kind: 'manager-create', communityId: 12 });
    expect(postFormMode({})).toEqual({ kind: 'admin-create' });
    expect(postFormMode({ communityPostId: '9' })).toEqual({ kind: 'edit', postId: 9 });
    expect(postFormMode({ communityPostId: 'x' })).toEqual({ kind: 'edit', postId: null });
    expect(postFormMode({ communityId: '1e3' })).toEqual({ kind: 'manager-create', communityId: null });
  });

  it('returns managers to their community and administrators to the list', () => {
    expect(afterSavePath(false, 4)).toBe('/communities/4');
    expect(afterSavePath(true, 4)).toBe('/admin-community-post-list');
    expect(afterSavePath(false, null)).toBe('/admin-community-post-list');
  });
});

describe('community post body', () => {
  const at = (iso: string) => ({ toDate: () => new Date(iso) });
  const values: CommunityPostFormValues = {
    title: ' Hello ',
    subtitle: ' World ',
    text: '<p>Hi</p>',
    stateId: STATE.PUBLISHED,
    isCommentable: true,
    startAt: at('2026-03-01T08:30:00Z'),
    endAt: null,
    communityId: 3,
    files: [{ id: 4 }, { id: 5 }],
  };

  it('maps the form to the body with UTC dates and file ids', () => {
    const body = toCommunityPostBody(values, { createdById: 8 });
    expect(body).toEqual({
      title: 'Hello',
      subtitle: 'World',
      text: '<p>Hi</p>',
      stateId: STATE.PUBLISHED,
      isCommentable: 1,
      startAt: '2026-03-01 08:30:00',
      endAt: null,
      communityId: 3,
      files: [4, 5],
      createdById: 8,
    });
    expect(communityPostBody.safeParse(body).success).toBe(true);
  });

  it("uses a manager's fixed community whatever the form holds", () => {
    const body = toCommunityPostBody({ ...values, communityId: null }, { fixedCommunityId: 11 });
    expect(body.communityId).toBe(11);
    expect(body.createdById).toBeUndefined();
  });

  it('requires a community to publish, not to keep a draft', () => {
    expect(communityRequiredError(STATE.PUBLISHED, null)).toBe(MSG.communityRequired);
    expect(communityRequiredError(STATE.PUBLISHED, 2)).toBeNull();
    expect(communityRequiredError(STATE.DRAFT, null)).toBeNull();
    const draft = toCommunityPostBody({
      ...values,
      stateId: STATE.DRAFT,
      communityId: null,
      isCommentable: false,
    });
    expect(draft.isCommentable).toBe(0);
    expect(communityPostBody.safeParse(draft).success).toBe(true);
    const published = toCommunityPostBody({ ...values, communityId: null });
    const parsed = communityPostBody.safeParse(published);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MSG.communityRequired);
  });
});
