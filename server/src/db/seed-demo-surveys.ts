// Demo surveys with their categories, questions and options.
import { STATE } from '@hearth/contract';
import type { Db } from './client';
import { surveyCategories, surveyQuestionOptions, surveyQuestions, surveys } from './schema';
import { insertId } from './seed-demo-insert';

type DemoQuestion = { title: string; answerType: string; optional?: boolean; options?: string[] };
type DemoSurvey = {
  title: string;
  description: string;
  /** Index into DEMO_USERS (seed-demo.ts): 0 the administrator, 2 the editor. */
  by: 0 | 2;
  draft?: boolean;
  refillable?: boolean;
  /** Days from now; a draft has no times yet. */
  window?: [start: number, end: number];
  categories: [name: string, questions: DemoQuestion[]][];
};

const DEMO_SURVEYS: DemoSurvey[] = [
  {
    title: 'Staff wellbeing check-in',
    description: 'Five minutes to tell us how you are doing. Your answers help plan next year.',
    by: 2,
    window: [-1, 7],
    categories: [
      ['About you', [{ title: 'What do you enjoy most about your work?', answerType: 'textArea' }]],
      [
        'Your week',
        [
          {
            title: 'How was your week?',
            answerType: 'radio',
            options: ['Great', 'Good', 'Okay', 'Hard'],
          },
          { title: 'Anything else you want to tell us?', answerType: 'string', optional: true },
        ],
      ],
    ],
  },
  {
    title: 'Canteen feedback',
    description: "Tell us about today's lunch. You can answer as often as you like.",
    by: 0,
    refillable: true,
    window: [-3, 30],
    categories: [
      [
        'Lunch',
        [
          {
            title: 'Which meal did you have?',
            answerType: 'select',
            options: ['Vegetarian', 'Chicken', 'Fish'],
          },
          { title: 'Comments', answerType: 'textArea', optional: true },
        ],
      ],
    ],
  },
  {
    title: 'Year-end function ideas',
    description: 'Draft: where and how should we celebrate the year?',
    by: 2,
    draft: true,
    categories: [['Ideas', [{ title: 'Your suggestion', answerType: 'string' }]]],
  },
];

/** Surveys: one open and not refillable (two categories), one open and refillable, one draft. */
export async function seedSurveys(tx: Db, userIds: number[]) {
  const [admin, , editor] = userIds;
  if (!admin || !editor) return;
  const now = Date.now();
  const DAY = 24 * 3600 * 1000;
  for (const [n, s] of DEMO_SURVEYS.entries()) {
    const surveyId = await insertId(tx, surveys, {
      title: s.title,
      description: s.description,
      createdById: s.by === 0 ? admin : editor,
      stateId: s.draft ? STATE.DRAFT : STATE.PUBLISHED,
      isActive: true,
      isRefillable: s.refillable ?? false,
      startAt: s.window ? new Date(now + s.window[0] * DAY) : null,
      endAt: s.window ? new Date(now + s.window[1] * DAY) : null,
      createdAt: new Date(now - (10 - n) * DAY),
    });
    if (surveyId === undefined) continue;
    for (const [cPos, [name, questions]] of s.categories.entries()) {
      const categoryId = await insertId(tx, surveyCategories, { surveyId, name, position: cPos });
      if (categoryId === undefined) continue;
      for (const [position, { options, ...q }] of questions.entries()) {
        const kind = options ? 'options_question' : 'text_input';
        const questionId = await insertId(tx, surveyQuestions, {
          ...q,
          surveyId,
          categoryId,
          kind,
          position,
        });
        if (questionId !== undefined && options)
          await tx
            .insert(surveyQuestionOptions)
            .values(options.map((value, position) => ({ questionId, value, position })));
      }
    }
  }
}
