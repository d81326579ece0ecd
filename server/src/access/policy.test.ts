// The policy as a table: for each rule, who may and who may not. Reads like contract/src/policy.ts.
import { ROLE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { type Action, type Actor, authorize, can } from './policy';

const admin: Actor = { id: 1, roleId: ROLE.ADMIN };
const staff: Actor = { id: 2, roleId: ROLE.STAFF };
const editor: Actor = { id: 3, roleId: ROLE.EDITOR };
const other: Actor = { id: 4, roleId: 4 };
const member = { isMember: true, isManager: false };
const manager = { isMember: true, isManager: true };
const outsider = { isMember: false, isManager: false };

/** [action, resource, who may] — everyone else among admin, staff, editor and other may not. */
const TABLE: [Action, unknown, Actor[]][] = [
  ['user.read', { userId: 2 }, [admin, staff]],
  ['user.read', { userId: 1 }, [admin]],
  ['user.list', undefined, [admin]],
  ['user.actAs', { userId: 2 }, [staff]],
  ['user.actAs', {}, [admin, staff, editor, other]],
  ['user.listFor', { userId: 3 }, [admin, editor]],
  ['person.seeAllFields', { userId: 3 }, [admin, editor]],
  ['person.seeAllFields', { userId: 4 }, [admin, other]],
  ['person.seeInactive', undefined, [admin]],
  ['profile.update', { userId: 1 }, [admin]],
  ['notification.open', { userId: 4 }, [other]],
  ['push.reuseEndpoint', { userId: 3 }, [editor]],
  ['file.attach', { createdById: 2 }, [staff]],
  ['file.attach', { createdById: null }, []],
  ['post.seeUnpublished', undefined, [admin, editor]],
  ['post.setAuthor', { authorId: 2 }, [staff]],
  ['post.setAuthor', { authorId: 4, currentAuthorId: 4 }, [admin, staff, editor, other]],
  ['post.setAuthor', { authorId: 4, currentAuthorId: 1 }, [other]],
  ['post.withoutCommunity', undefined, [admin]],
  ['post.seeReach', { authorId: 2, isFeedPost: true }, [admin, staff, editor]],
  ['post.seeReach', { authorId: 1, isFeedPost: true }, [admin, editor]],
  ['post.seeReach', { authorId: 2, isFeedPost: false }, [admin, staff]],
  ['post.seeReach', { authorId: null, isFeedPost: false }, [admin]],
  [
    'post.seeReach',
    { authorId: 1, isFeedPost: false, managesCommunity: true },
    [admin, staff, editor, other],
  ],
  ['post.seeReach', { authorId: 1, isFeedPost: true, managesCommunity: true }, [admin, editor]],
  ['community.seeAll', undefined, [admin]],
  ['community.see', { isPublished: true, isPublic: true, isMember: false }, [admin, staff, editor, other]],
  ['community.see', { isPublished: true, isPublic: false, isMember: false }, [admin]],
  ['community.see', { isPublished: true, isPublic: false, isMember: true }, [admin, staff, editor, other]],
  ['community.see', { isPublished: false, isPublic: true, isMember: true }, [admin]],
  ['community.write', member, [admin, staff, editor, other]],
  ['community.write', outsider, [admin]],
  ['community.seeMembers', undefined, [admin]],
  ['community.editPosts', manager, [admin, staff, editor, other]],
  ['community.editPosts', member, [admin]],
  ['community.seeUnpublished', member, [admin, editor]],
  ['community.seeUnpublished', manager, [admin, staff, editor, other]],
  ['community.seeUnpublished', null, [admin, editor]],
  ['survey.manage', undefined, [admin, editor]],
];

describe('policy', () => {
  it.each(TABLE)('%s %j: allowed to exactly the listed callers', (action, resource, allowed) => {
    for (const actor of [admin, staff, editor, other]) {
      const args = (resource === undefined ? [] : [resource]) as [];
      expect(can(actor, action, ...args), `${action} for role ${actor.roleId}`).toBe(allowed.includes(actor));
    }
  });

  it('authorize throws 403 where can says no', () => {
    expect(() => authorize(staff, 'user.list')).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => authorize(admin, 'user.list')).not.toThrow();
  });
});
