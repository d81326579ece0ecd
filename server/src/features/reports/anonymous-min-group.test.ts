// The smallest group of an anonymous survey's splits is fixed on the survey when it is published (issue 30
// M2, ADR 035): lowering the administrators' setting after answers came in must not reveal a small group,
// and the survey and its report say which size applies. The setting applies to surveys published after it.
import { ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups } from '../../../test/factories';
import { type Session, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { surveys } from '../../db/schema';
import { addQuestions, DAY, HOUR } from '../surveys/test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN, editor: ROLE.EDITOR } });
const { admin, editor } = t.users;
type Groups = Awaited<ReturnType<typeof createGroups>>;

let big: Groups;
let small: Groups;
const bigOffice: Session[] = [];
const smallOffice: Session[] = [];

beforeAll(async () => {
  big = await createGroups(t.db);
  small = await createGroups(t.db);
  for (let i = 0; i < 5; i++)
    bigOffice.push(await userWithSession(t.app, t.db, { groupIds: [big.location.id, big.department.id] }));
  for (let i = 0; i < 2; i++)
    smallOffice.push(
      await userWithSession(t.app, t.db, { groupIds: [small.location.id, small.department.id] }),
    );
});

const setMin = (minGroupSize: number) =>
  t.call('PUT', '/v1/api/settings/anonymous-surveys', admin, { minGroupSize });

const editForm = (stateId: 1 | 2) => ({
  title: 'Pulse',
  description: 'How are we doing?',
  isRefillable: 0,
  isAnonymous: 1,
  stateId,
  groups: [],
  startAt: new Date(Date.now() - HOUR).toISOString(),
  endAt: new Date(Date.now() + DAY).toISOString(),
});

/** An anonymous survey made and published through the API, as an editor would (stateId 2 publishes). */
async function publishedSurvey(stateId: 1 | 2 = 2, by = admin) {
  const created = await t.call('POST', '/v1/api/surveys', by, {
    title: 'Pulse',
    description: 'How are we doing?',
    isAnonymous: 1,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data as number;
  const [mood] = await addQuestions(t.db, id, { Mood: [{ title: 'Mood', options: ['Good', 'Bad'] }] });
  const put = await t.call('PUT', `/v1/api/surveys/${id}`, by, editForm(stateId));
  expect(put.statusCode, put.body).toBe(200);
  return { id, mood: mood as number };
}

async function answer(s: Session, survey: { id: number; mood: number }, mood: string) {
  const res = await t.call('POST', '/v1/api/surveys/instances', s, {
    surveyId: survey.id,
    answers: [{ surveyQuestionId: survey.mood, textAnswer: mood }],
  });
  expect(res.statusCode, res.body).toBe(201);
}

const splitsOf = async (id: number) => {
  const res = await t.get(`/v1/api/surveys/${id}/report`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.splits;
};
const minOf = async (id: number, s = admin) =>
  (await t.get(`/v1/api/surveys/${id}`, s)).json().data.minGroupSize as number | null;

describe('the minimum group size of an anonymous survey', () => {
  it('is fixed when the survey is published: lowering the setting after answers reveals no small group', async () => {
    expect((await setMin(5)).statusCode).toBe(200);
    const survey = await publishedSurvey();
    for (const s of bigOffice) await answer(s, survey, 'Good');
    for (const s of smallOffice) await answer(s, survey, 'Bad');
    const before = await splitsOf(survey.id);
    expect(JSON.stringify(before)).not.toContain(small.location.name);

    // The attack of issue 30: lower the setting to 2 and read the report again.
    expect((await setMin(2)).statusCode).toBe(200);
    const after = await splitsOf(survey.id);
    expect(after).toEqual(before);
    expect(after.minGroupSize).toBe(5);
    expect(JSON.stringify(after)).not.toContain(small.location.name);
    expect(await minOf(survey.id)).toBe(5);
    await setMin(5);
  });

  it('is not fixed on a draft: the setting at publication applies, and stays through draft and back', async () => {
    expect((await setMin(7)).statusCode).toBe(200);
    const draft = await publishedSurvey(1);
    expect(await minOf(draft.id)).toBeNull();
    expect((await setMin(6)).statusCode).toBe(200);
    expect((await t.call('PUT', `/v1/api/surveys/${draft.id}`, admin, editForm(2))).statusCode).toBe(200);
    expect(await minOf(draft.id)).toBe(6);
    expect((await setMin(3)).statusCode).toBe(200);
    // Back to draft and published again: still the size it opened with.
    expect((await t.call('PUT', `/v1/api/surveys/${draft.id}`, admin, editForm(1))).statusCode).toBe(200);
    expect((await t.call('PUT', `/v1/api/surveys/${draft.id}`, admin, editForm(2))).statusCode).toBe(200);
    expect(await minOf(draft.id)).toBe(6);
    // A post manager publishing (who cannot read the setting) fixes it too, and reads it on the survey.
    const byEditor = await publishedSurvey(2, editor);
    expect(await minOf(byEditor.id, editor)).toBe(3);
    // Created published in one go.
    const direct = await t.call('POST', '/v1/api/surveys', admin, {
      title: 'Now',
      description: 'Published at once',
      isAnonymous: 1,
      stateId: 2,
    });
    expect(await minOf(direct.json().data as number)).toBe(3);
    await setMin(5);
  });

  it('is fixed by the first response at the latest, and the report reads the survey, not the setting', async () => {
    // A survey published without going through the form (as imports and older rows are): its first
    // response fixes the size under the survey's lock, before the response is stored.
    await setMin(4);
    const created = await t.call('POST', '/v1/api/surveys', admin, {
      title: 'Raw',
      description: 'Published in the database',
      isAnonymous: 1,
    });
    const id = created.json().data as number;
    await t.db
      .update(surveys)
      .set({ stateId: 2, startAt: new Date(Date.now() - HOUR), endAt: new Date(Date.now() + DAY) })
      .where(eq(surveys.id, id));
    const [mood] = await addQuestions(t.db, id, { Mood: [{ title: 'Mood', options: ['Good', 'Bad'] }] });
    expect(await minOf(id)).toBeNull();
    const first = bigOffice[0] as Session;
    await answer(first, { id, mood: mood as number }, 'Good');
    expect(await minOf(id)).toBe(4);
    await setMin(2);
    expect((await splitsOf(id)).minGroupSize).toBe(4);
    await setMin(5);
  });
});
