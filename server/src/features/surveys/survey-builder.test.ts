// The survey builder (POST /surveys/build-survey): the whole form replaced in the order sent, refused whole
// when invalid, and frozen (409) once the survey has a response.
import { MSG, STATE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/sessions';
import { EVERY_ROLE, useTestApp } from '../../../test/use-test-app';
import { surveyAnswers, surveyCategories, surveyQuestions } from '../../db/schema';
import { addQuestions, createSurvey } from './test-support';

const t = useTestApp({ users: EVERY_ROLE });
const { admin, staff, editor, other } = t.users;

const send = t.call;
const get = t.get;

describe('POST /surveys/build-survey', () => {
  const build = (surveyId: number, categories: object[], s: Session = editor) =>
    send('POST', '/v1/api/surveys/build-survey', s, { surveyId, categories });

  it('replaces the whole form, categories and questions in the order sent', async () => {
    const s = await createSurvey(t.db, admin.user.id, { stateId: STATE.DRAFT });
    await addQuestions(t.db, s.id, { Old: [{ title: 'Old question' }] });
    const res = await build(s.id, [
      {
        name: 'Category 1',
        questions: [
          { title: 'Your name', kind: 'text_input' },
          { title: 'Comments', kind: 'text_input', answerType: 'textArea', optional: 1 },
        ],
      },
      {
        name: 'Category 2',
        questions: [{ title: 'Pick one', kind: 'options_question', options: ['A', '', 'B'] }],
      },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: MSG.surveyBuilt });
    const form = (await get(`/v1/api/surveys/${s.id}/form`, admin)).json().data;
    expect(form.categories.map((c: { name: string; position: number }) => [c.name, c.position])).toEqual([
      ['Category 1', 0],
      ['Category 2', 1],
    ]);
    expect(form.categories[0].questions.map((q: { title: string }) => q.title)).toEqual([
      'Your name',
      'Comments',
    ]);
    expect(form.categories[0].questions[1]).toMatchObject({
      optional: 1,
      questionAnswerType: { name: 'textArea' },
    });
    expect(form.categories[1].questions[0]).toMatchObject({
      kind: 'options_question',
      questionAnswerType: { name: 'radio' },
      options: [
        { value: 'A', position: 0 },
        { value: 'B', position: 1 },
      ],
    });
    const old = await t.db.select().from(surveyQuestions).where(eq(surveyQuestions.title, 'Old question'));
    expect(old).toEqual([]);
  });

  it('refuses an option question without a non-empty option and an empty title (400), changing nothing', async () => {
    const s = await createSurvey(t.db, admin.user.id);
    await addQuestions(t.db, s.id, { Kept: [{ title: 'Kept' }] });
    const res = await build(s.id, [
      { name: 'C', questions: [{ title: 'Pick', kind: 'options_question', options: ['', ' '] }] },
    ]);
    expect(res.statusCode).toBe(400);
    // Fields are named by their top-level key (platform/http/error-handler.ts); the message says which rule.
    expect(res.json()).toMatchObject({
      error: MSG.optionRequired,
      fields: { categories: MSG.optionRequired },
    });
    const noTitle = await build(s.id, [{ name: 'C', questions: [{ title: '', kind: 'text_input' }] }]);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error).toBe(MSG.questionTitleRequired);
    const wrongType = await build(s.id, [
      { name: 'C', questions: [{ title: 'T', kind: 'text_input', answerType: 'radio' }] },
    ]);
    expect(wrongType.statusCode).toBe(400);
    const cats = await t.db.select().from(surveyCategories).where(eq(surveyCategories.surveyId, s.id));
    expect(cats.map((c) => c.name)).toEqual(['Kept']);
  });

  it('refuses with 409 once the survey has a response, keeping the questions and the answers', async () => {
    const s = await createSurvey(t.db, admin.user.id);
    const [q] = await addQuestions(t.db, s.id, { Kept: [{ title: 'Kept' }] });
    const submit = await send('POST', '/v1/api/surveys/instances', staff, {
      surveyId: s.id,
      answers: [{ surveyQuestionId: q, textAnswer: 'My answer' }],
    });
    expect(submit.statusCode).toBe(201);
    expect((await get(`/v1/api/surveys/${s.id}/form`, admin)).json().data.hasResponses).toBe(true);
    const res = await build(s.id, [{ name: 'New', questions: [{ title: 'New', kind: 'text_input' }] }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MSG.surveyHasResponses);
    const cats = await t.db.select().from(surveyCategories).where(eq(surveyCategories.surveyId, s.id));
    expect(cats.map((c) => c.name)).toEqual(['Kept']);
    const answers = await t.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.questionId, q as number));
    expect(answers.map((a) => a.textAnswer)).toEqual(['My answer']);
  });

  it('404 for an unknown survey, 403 for staff and other roles, 401 anonymous', async () => {
    const cats = [{ name: 'C', questions: [] }];
    expect((await build(999_999, cats)).statusCode).toBe(404);
    const s = await createSurvey(t.db, admin.user.id);
    expect((await build(s.id, cats, staff)).statusCode).toBe(403);
    expect((await build(s.id, cats, other)).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/v1/api/surveys/build-survey',
      payload: { surveyId: s.id, categories: cats },
    });
    expect(anon.statusCode).toBe(401);
    expect((await build(s.id, [])).statusCode).toBe(400);
  });
});
