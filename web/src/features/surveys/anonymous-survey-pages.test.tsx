// @vitest-environment happy-dom
// What the survey screens say and send for an anonymous survey (issue 19, ADR 035): the form's Anonymous
// switch, what it means and that it is sent; a published survey's smallest group, read-only; the switch
// fixed once there are responses; the staff list's Anonymous and Answered tags; the fill page's note
// before answering, what it sends, and that the answer is said to be recorded anonymously and never shown
// back. It replaces the screen checks of anonymous-survey.spec.ts's first two journeys; what the server
// stores, fixes and answers is server/src/features/surveys/anonymous.test.ts's,
// anonymous-privacy.test.ts's and server/src/features/reports/anonymous-min-group.test.ts's.
import {
  MSG,
  STATE,
  type Survey,
  type SurveyForm,
  surveysEndpoints,
  type UserSurvey,
  usersEndpoints,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { fill } from '../../test/fields';
import { AUTHOR, GROUPS } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import SurveyFillPage from './survey-fill-page';
import SurveyFormPage from './survey-form-page';
import SurveysPage from './surveys-page';

const TITLE = 'Team pulse';
const MEANING =
  'Responses are stored without names. Reports show no one, and results by location or department only for large enough groups. This cannot change once someone has answered.';

function survey(patch: Partial<Survey> = {}): Survey {
  return {
    id: 5,
    title: TITLE,
    description: 'How was your week?',
    isActive: 1,
    isNotified: 1,
    isRefillable: 0,
    isAnonymous: 1,
    minGroupSize: 5,
    createdById: AUTHOR.id,
    owner: AUTHOR,
    startAt: '2026-03-02 08:00:00',
    endAt: '2036-03-09 08:00:00',
    dueDate: '2036-03-09 08:00:00',
    stateId: STATE.PUBLISHED,
    groups: [],
    createdAt: '2026-03-01 08:00:00',
    ...patch,
  };
}

function surveyForm(patch: Partial<SurveyForm> = {}): SurveyForm {
  return {
    id: 5,
    title: TITLE,
    description: 'How was your week?',
    isRefillable: 0,
    isAnonymous: 1,
    minGroupSize: 5,
    hasResponses: false,
    answered: false,
    categories: [
      {
        id: 1,
        name: 'Mood',
        position: 1,
        questions: [
          {
            id: 9,
            title: 'How is your week?',
            optional: 0,
            position: 1,
            kind: 'options_question',
            questionAnswerType: { name: 'radio' },
            options: [
              { id: 1, value: 'Good', position: 1 },
              { id: 2, value: 'Bad', position: 2 },
            ],
          },
        ],
      },
    ],
    ...patch,
  };
}

let api: ApiMock;
beforeEach(() => {
  api = mockApi();
});

describe('the survey form of an anonymous survey', () => {
  beforeEach(() => {
    signIn('admin');
    api.on(usersEndpoints.listGroups, ok(GROUPS)).on(surveysEndpoints.getSurveyForm, ok(surveyForm()));
  });

  const openEdit = () =>
    renderPage(<SurveyFormPage />, { at: '/surveys/edit/5', path: '/surveys/edit/:surveyId' });

  it('says what Anonymous means and creates the survey with it on', async () => {
    api.on(surveysEndpoints.createSurvey, ok(5, 201));
    const { user } = renderPage(<SurveyFormPage />, { at: '/surveys/create', path: '/surveys/create' });
    expect(await screen.findByText(MEANING)).toBeVisible();
    const anonymous = screen.getByRole('switch', { name: 'Anonymous' });
    await user.click(anonymous);
    expect(anonymous).toBeChecked();
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), TITLE);
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'How was your week?');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await landedAt()).toBe('/survey-builder/5');
    expect(api.sent(surveysEndpoints.createSurvey)[0]?.body).toMatchObject({ title: TITLE, isAnonymous: 1 });
  });

  it('shows a published survey as anonymous with its smallest group fixed, and keeps it so on save', async () => {
    api.on(surveysEndpoints.getSurvey, ok(survey())).on(surveysEndpoints.updateSurvey, ok(survey()));
    const { user } = openEdit();
    expect(await screen.findByText('5 people, fixed when the survey was published.')).toBeVisible();
    const anonymous = screen.getByRole('switch', { name: 'Anonymous' });
    expect(anonymous).toBeChecked();
    expect(anonymous).toBeEnabled();
    expect(screen.getByText(MEANING)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.surveyUpdated)).toBeVisible();
    expect(api.sent(surveysEndpoints.updateSurvey)[0]?.body).toMatchObject({
      isAnonymous: 1,
      stateId: STATE.PUBLISHED,
    });
  });

  it('fixes the switch once the survey has responses', async () => {
    api
      .on(surveysEndpoints.getSurvey, ok(survey()))
      .on(surveysEndpoints.getSurveyForm, ok(surveyForm({ hasResponses: true })));
    openEdit();
    expect(await screen.findByText('This survey has responses, so this can no longer change.')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Anonymous' })).toBeDisabled();
    expect(screen.queryByText(MEANING)).not.toBeInTheDocument();
  });
});

describe('the staff surveys list', () => {
  it('tags an anonymous survey Anonymous, and one answered Answered', async () => {
    const profile = signIn('staff');
    const listed = (patch: Partial<UserSurvey>): UserSurvey => ({ ...survey(), state: 0, ...patch });
    api.on(
      surveysEndpoints.listSurveysForUser,
      ok([
        listed({ id: 5 }),
        listed({ id: 6, title: 'Answered pulse', state: 1 }),
        listed({ id: 7, title: 'Canteen', isAnonymous: 0, minGroupSize: null }),
      ]),
    );
    renderPage(<SurveysPage />, { at: '/surveys' });
    const card = async (title: string) =>
      within((await screen.findByRole('link', { name: title })).closest('article') as HTMLElement);
    expect((await card(TITLE)).getByText('Anonymous')).toBeVisible();
    expect((await card(TITLE)).queryByText('Answered')).not.toBeInTheDocument();
    expect((await card('Answered pulse')).getByText('Answered')).toBeVisible();
    expect((await card('Canteen')).queryByText('Anonymous')).not.toBeInTheDocument();
    expect(api.sent(surveysEndpoints.listSurveysForUser)[0]?.path).toBe(
      `/v1/api/surveys/for-user/${profile.id}`,
    );
  });
});

describe('filling in an anonymous survey', () => {
  beforeEach(() => {
    signIn('staff');
    // Asked only when the address carries no state flag: an anonymous response is never listed back.
    api.on(surveysEndpoints.listSurveyInstances, ok([]));
  });

  const openFill = () => renderPage(<SurveyFillPage />, { at: '/surveys/5', path: '/surveys/:surveyId' });

  it('says how answers are stored, sends the answer and says it was recorded anonymously', async () => {
    api
      .on(surveysEndpoints.getSurveyForm, ok(surveyForm()))
      .on(
        surveysEndpoints.submitSurveyInstance,
        ok(
          { id: 40, surveyId: 5, createdById: null, isComplete: true, completedAt: '2026-03-02 00:00:00' },
          201,
        ),
      );
    const { user } = openFill();
    expect(
      await screen.findByText(
        'Your answers are stored without your name; reports do not show who answered, and show results by location or department only for groups of at least 5.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Anonymous')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Good' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.processingComplete)).toBeVisible();
    expect(screen.getByText('Your answer was recorded anonymously.')).toBeVisible();
    expect(screen.queryByText(/^Your answers are stored without your name/)).not.toBeInTheDocument();
    expect(api.sent(surveysEndpoints.submitSurveyInstance)[0]?.body).toMatchObject({
      surveyId: 5,
      answers: [{ surveyQuestionId: 9, textAnswer: 'Good' }],
    });
  });

  it('opens as complete once answered, saying the answer cannot be shown, with nothing to submit', async () => {
    // The address carries no flag and no response is listed back: the server's marker (answered) decides.
    api.on(surveysEndpoints.getSurveyForm, ok(surveyForm({ answered: true })));
    openFill();
    expect(await screen.findByText(MSG.surveyAnswered)).toBeVisible();
    expect(screen.getByText(MSG.surveyAnsweredAnonymously)).toBeVisible();
    expect(screen.getByText('Anonymous')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument());
    expect(screen.queryByRole('radio', { name: 'Good' })).not.toBeInTheDocument();
  });
});
