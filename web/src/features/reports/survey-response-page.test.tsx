// @vitest-environment happy-dom
// /reports/survey-responses/:surveyId (issue 7, ADR 035): one survey's responses counted, its respondents,
// each question's answers (a chart and counts for a choice, the texts for a text question), its CSV, the
// survey without responses, and an anonymous survey, which names no one and splits its results only for
// large enough groups. It replaces the report checks of reports.spec.ts's survey responses journeys and of
// anonymous-survey.spec.ts's report journey; what the server answers (no name, no time, the splits, the
// CSV's columns) is server/src/features/reports/survey-report.test.ts's and anonymous-survey-report.test.ts's.
import {
  REPORT_FILE_STEMS,
  reportsEndpoints,
  type SurveyReport,
  type SurveyReportQuestion,
  systemEndpoints,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads, csvAnswer } from '../../test/downloads';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import SurveyResponseReportPage from './survey-response-page';

const MEAL = 'Which meal did you have?';

function question(
  id: number,
  title: string,
  patch: Partial<SurveyReportQuestion> = {},
): SurveyReportQuestion {
  return {
    id,
    title,
    categoryName: 'Lunch',
    questionAnswerType: { name: 'string' },
    options: [],
    answers: [],
    ...patch,
  };
}

const answer = (surveyInstanceId: number, surveyQuestionId: number, textAnswer: string) => ({
  surveyInstanceId,
  surveyQuestionId,
  textAnswer,
});

/** A named survey: Ann and Ben answered, Cat started and did not finish. */
const NAMED: SurveyReport = {
  survey: { id: 4, title: 'Canteen feedback', description: 'Tell us.', isAnonymous: false },
  instances: [
    {
      id: 31,
      isComplete: true,
      completedAt: '2026-03-02T10:00:00.000Z',
      createdBy: { firstName: 'Ann', lastName: 'One', email: 'ann@example.com' },
    },
    {
      id: 32,
      isComplete: true,
      completedAt: '2026-03-03T10:00:00.000Z',
      createdBy: { firstName: 'Ben', lastName: 'Two', email: 'ben@example.com' },
    },
    {
      id: 33,
      isComplete: false,
      completedAt: null,
      createdBy: { firstName: 'Cat', lastName: 'Three', email: 'cat@example.com' },
    },
  ],
  questions: [
    question(1, MEAL, {
      questionAnswerType: { name: 'radio' },
      options: ['Fish', 'Curry'],
      answers: [answer(31, 1, 'Fish'), answer(32, 1, 'Curry'), answer(33, 1, 'Fish')],
    }),
    question(2, 'Comments', { answers: [answer(31, 2, 'Great lunch, thanks')] }),
  ],
  splits: null,
};

/** An anonymous survey with one response: no one named, no time, and too few for any group. */
const ANONYMOUS: SurveyReport = {
  survey: { id: 5, title: 'Team pulse', description: 'How was your week?', isAnonymous: true },
  instances: [{ id: 1, isComplete: true, completedAt: null, createdBy: null }],
  questions: [
    question(7, 'How is your week?', {
      categoryName: 'Mood',
      questionAnswerType: { name: 'radio' },
      options: ['Good', 'Bad'],
      answers: [answer(1, 7, 'Good')],
    }),
  ],
  splits: { minGroupSize: 5, locations: [], departments: [] },
};

let api: ApiMock;
beforeEach(() => {
  signIn('admin');
  api = mockApi().on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG));
});
afterEach(() => {
  vi.restoreAllMocks();
});

function open(report: SurveyReport) {
  api.on(reportsEndpoints.getSurveyReport, ok(report));
  const id = report.survey.id;
  return renderPage(<SurveyResponseReportPage />, {
    at: `/reports/survey-responses/${id}`,
    path: '/reports/survey-responses/:surveyId',
  });
}

/** The number the Responses statistic shows. */
const responsesShown = () => document.querySelector('.ant-statistic-content-value')?.textContent;
const countsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('a survey’s report', () => {
  it('counts the complete responses, names the respondents and shows each question’s answers', async () => {
    open(NAMED);
    expect(await screen.findByRole('heading', { level: 1, name: 'Canteen feedback' })).toBeVisible();
    expect(document.title).toMatch(/^Canteen feedback - Survey Responses/);
    expect(responsesShown()).toBe('2');
    const people = screen.getByRole('list', { name: 'Respondents' });
    expect(
      within(people)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['ann@example.com', 'ben@example.com']);
    expect(within(people).getByRole('link', { name: 'ann@example.com' })).toHaveAttribute(
      'href',
      'mailto:ann@example.com',
    );

    expect(screen.getByRole('heading', { level: 2, name: 'Lunch' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: MEAL })).toBeVisible();
    expect(screen.getByRole('figure', { name: `Answers to ${MEAL}: Fish: 1, Curry: 1` })).toBeVisible();
    expect(countsOf(screen.getByRole('list', { name: 'Answer counts' }))).toEqual([
      'Fish: 1 (50%)',
      'Curry: 1 (50%)',
    ]);
    expect(countsOf(screen.getByRole('list', { name: 'Answers to Comments' }))).toEqual([
      'Great lunch, thanks · Ann One',
    ]);
  });

  it('downloads its CSV in the browser’s time zone, under the server’s name', async () => {
    const name = `${REPORT_FILE_STEMS.surveyResponses}-4-20260302-101010.csv`;
    api.on(reportsEndpoints.downloadSurveyResponsesCsv, csvAnswer(name, `Email,Completed,${MEAL},Comments`));
    const saved = catchDownloads();
    const { user } = open(NAMED);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([name]));
    const [sent] = api.sent(reportsEndpoints.downloadSurveyResponsesCsv);
    expect(sent?.path).toBe('/v1/api/reports/survey-responses/4/csv');
    expect(sent?.query).toEqual({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  it('says so when the survey has no responses', async () => {
    open({ ...NAMED, instances: [], questions: NAMED.questions.map((q) => ({ ...q, answers: [] })) });
    expect(await screen.findByText('There are no responses to display')).toBeVisible();
    expect(responsesShown()).toBe('0');
    expect(screen.getByText('No one has responded yet.')).toBeVisible();
    expect(screen.queryByRole('heading', { level: 3, name: MEAL })).not.toBeInTheDocument();
  });
});

describe('an anonymous survey’s report', () => {
  it('names no one, says why, and splits nothing below the smallest group', async () => {
    open(ANONYMOUS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team pulse' })).toBeVisible();
    expect(
      screen.getByText(/^This survey is anonymous: responses are stored without names or times/),
    ).toBeVisible();
    expect(screen.getByText(/at least 5 people, a size fixed when the survey was published/)).toBeVisible();
    expect(screen.queryByText('Respondents')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Respondents' })).not.toBeInTheDocument();
    expect(responsesShown()).toBe('1');
    expect(countsOf(screen.getByRole('list', { name: 'Answer counts' }))).toEqual([
      'Good: 1 (100%)',
      'Bad: 0 (0%)',
    ]);
    // One response is below the smallest group: neither table splits it.
    expect(screen.getByRole('heading', { level: 2, name: 'By location' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'By department' })).toBeVisible();
    expect(
      screen.getAllByText('No group has 5 or more responses yet, so results are not split.'),
    ).toHaveLength(2);
  });

  it('shows each large enough group and the smaller ones merged, with their choices', async () => {
    const choices = (good: number, bad: number) => [
      {
        questionId: 7,
        counts: [
          { option: 'Good', count: good },
          { option: 'Bad', count: bad },
        ],
      },
    ];
    open({
      ...ANONYMOUS,
      splits: {
        minGroupSize: 5,
        locations: [
          { name: 'Cape Town', other: false, responses: 6, choices: choices(4, 2) },
          { name: null, other: true, responses: 5, choices: choices(5, 0) },
        ],
        departments: [],
      },
    });
    const byLocation = (await screen.findByRole('heading', { level: 2, name: 'By location' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const rows = within(byLocation)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Cape Town', '6', 'Good 4 · Bad 2'],
      ['Other (fewer than 5)', '5', 'Good 5 · Bad 0'],
    ]);
  });
});
