// The demo seed's surveys: staff find the open wellbeing check-in (two categories, a text and an option
// question) and the refillable canteen survey, not the draft; the editor owns the check-in and sees all three.
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed-demo';

const t = useTestApp();
beforeAll(async () => {
  await seedDemo(t.db);
});

const as = async (email: string, url: string) => {
  const { accessToken, id } = await login(t.app, email, DEMO_PASSWORD);
  return t.app.inject({ method: 'GET', url: url.replace(':me', String(id)), headers: bearer(accessToken) });
};

describe('demo surveys', () => {
  it('shows staff the two open surveys and their forms, and the editor all three', async () => {
    const mine = (await as('staff@example.com', '/v1/api/surveys/for-user/:me')).json().data;
    expect(mine.map((s: { title: string }) => s.title)).toEqual([
      'Staff wellbeing check-in',
      'Canteen feedback',
    ]);
    expect(mine[0]).toMatchObject({ isRefillable: 0, state: 0, owner: { firstName: 'Eddie' } });
    expect(mine[1]).toMatchObject({ isRefillable: 1 });
    const form = (await as('staff@example.com', `/v1/api/surveys/${mine[0].id}/form`)).json().data;
    expect(form.categories.map((c: { name: string }) => c.name)).toEqual(['About you', 'Your week']);
    expect(form.categories[1].questions[0]).toMatchObject({
      kind: 'options_question',
      questionAnswerType: { name: 'radio' },
    });
    const all = (await as('editor@example.com', '/v1/api/surveys?limit=1000')).json().data;
    expect(all.map((s: { stateId: number }) => s.stateId).sort()).toEqual([1, 2, 2]);
  });
});
