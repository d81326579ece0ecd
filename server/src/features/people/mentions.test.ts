// Mentions name their people (issue 17): comments and discussion messages answer who each `@Name` is, so the
// web links them to the person's page; a comment without mentions answers an empty list.
import { ROLE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { createCommunity } from '../communities/test-support';
import { createPost } from '../feed/test-support';
import { createPerson } from './test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN, staff: ROLE.STAFF } });
const { admin, staff } = t.users;

describe('mentioned people in comments and discussion messages', () => {
  it('answers the summaries of the mentioned with a feed comment, when posted and when listed', async () => {
    const lindiwe = await createPerson(t.db, 'Lindiwe', 'Sisulu');
    const post = await createPost(t.db, admin.user.id);
    const res = await t.call('POST', '/v1/api/comments', staff, {
      feedPostId: post.id,
      content: 'Thanks @Lindiwe Sisulu!',
      userIDs: [lindiwe.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const mentioned = [{ id: lindiwe.id, firstName: 'Lindiwe', lastName: 'Sisulu', profileImage: null }];
    expect(res.json().data.mentionedUsers).toEqual(mentioned);
    const listed = await t.get(`/v1/api/comments/getComments?feedPostId=${post.id}`, staff);
    expect(listed.json().data[0].mentionedUsers).toEqual(mentioned);
    const plain = await t.call('POST', '/v1/api/comments', staff, { feedPostId: post.id, content: 'No one' });
    expect(plain.json().data.mentionedUsers).toEqual([]);
  });

  it('answers them with a discussion message', async () => {
    const sipho = await createPerson(t.db, 'Sipho', 'Ndlovu');
    const community = await createCommunity(t.db, { createdById: admin.user.id, memberIds: [staff.user.id] });
    const res = await t.call('POST', '/v1/api/communities/discussion', staff, {
      communityId: community.id,
      content: 'Ask @Sipho Ndlovu',
      userIds: [sipho.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.mentionedUsers).toMatchObject([{ id: sipho.id, firstName: 'Sipho' }]);
  });
});
