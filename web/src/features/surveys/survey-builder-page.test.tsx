// @vitest-environment happy-dom
// The survey builder (product.md sections 2, 3 and 5): a new survey starts with 'Category 1'; Save checks
// question titles and options (word-for-word messages) before sending; what is sent; a survey with
// responses is read-only, and so is one whose save the server refuses with 409.
import { MSG, type SurveyForm, surveysEndpoints } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, ok } from '../../test/fetch-mock';
import { fill } from '../../test/fields';
import { renderPage, signIn } from '../../test/render';
import SurveyBuilderPage from './survey-builder-page';

function surveyForm(patch: Partial<SurveyForm> = {}): SurveyForm {
  return {
    id: 5,
    title: 'Canteen survey',
    description: 'Tell us what to cook.',
    isRefillable: 0,
    isAnonymous: 0,
    minGroupSize: null,
    hasResponses: false,
    answered: false,
    categories: [],
    ...patch,
  };
}

let api: ApiMock;
beforeEach(() => {
  signIn('editor');
  api = mockApi().on(surveysEndpoints.getSurveyForm, ok(surveyForm()));
});

const openBuilder = () =>
  renderPage(<SurveyBuilderPage />, { at: '/survey-builder/5', path: '/survey-builder/:surveyId' });

describe('survey builder', () => {
  it('starts a new survey with Category 1 and no questions', async () => {
    openBuilder();
    expect(await screen.findByRole('heading', { name: 'Survey Builder: Canteen survey' })).toBeVisible();
    expect(screen.getByLabelText('Category name')).toHaveValue('Category 1');
    expect(screen.getByText('This category has no questions yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove category' })).toBeDisabled();
  });

  it('refuses to save a question without a title or a choice without options, and sends nothing', async () => {
    const { user } = openBuilder();
    await user.click(await screen.findByRole('button', { name: 'Add choice question' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.questionTitleRequired)).toBeVisible();
    expect(screen.getByText(MSG.optionRequired)).toBeVisible();
    expect(screen.getByLabelText('Question title')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent(surveysEndpoints.buildSurvey)).toHaveLength(0);

    await fill(user, screen.getByLabelText('Question title'), 'How often do you eat there?');
    await fill(user, screen.getByRole('textbox', { name: 'Option 1' }), 'Daily');
    expect(screen.queryByText(MSG.questionTitleRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.optionRequired)).not.toBeInTheDocument();
  });

  it('asks for a category name', async () => {
    const { user } = openBuilder();
    await fill(user, await screen.findByLabelText('Category name'), '  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.categoryNameRequired)).toBeVisible();
    expect(api.sent(surveysEndpoints.buildSurvey)).toHaveLength(0);
  });

  it('sends two categories with their questions and says they were saved', async () => {
    api.on(surveysEndpoints.buildSurvey, ok({ message: MSG.surveyBuilt }));
    const { user } = openBuilder();
    await user.click(await screen.findByRole('button', { name: 'Add text question' }));
    await fill(user, screen.getByLabelText('Question title'), 'What is your favourite dish?');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(screen.getByLabelText('Category name')).toHaveValue('Category 2'));
    expect(screen.getByText('Step 2 of 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add choice question' }));
    await fill(user, screen.getByLabelText('Question title'), 'How often do you eat there?');
    await fill(user, screen.getByRole('textbox', { name: 'Option 1' }), 'Daily');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await fill(user, screen.getByRole('textbox', { name: 'Option 2' }), 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MSG.surveyBuilt)).toBeVisible();
    expect(api.sent(surveysEndpoints.buildSurvey)[0]?.body).toEqual({
      surveyId: 5,
      categories: [
        {
          name: 'Category 1',
          questions: [
            expect.objectContaining({
              title: 'What is your favourite dish?',
              kind: 'text_input',
              optional: 0,
            }),
          ],
        },
        {
          name: 'Category 2',
          questions: [
            expect.objectContaining({
              title: 'How often do you eat there?',
              kind: 'options_question',
              options: ['Daily', 'Weekly'],
            }),
          ],
        },
      ],
    });
  });

  it('shows a survey with responses read-only', async () => {
    api.on(
      surveysEndpoints.getSurveyForm,
      ok(
        surveyForm({
          hasResponses: true,
          categories: [
            {
              id: 1,
              name: 'Food',
              position: 1,
              questions: [
                {
                  id: 9,
                  title: 'Favourite dish?',
                  optional: 0,
                  position: 1,
                  kind: 'text_input',
                  questionAnswerType: { name: 'string' },
                  options: [],
                },
              ],
            },
          ],
        }),
      ),
    );
    openBuilder();
    expect(await screen.findByText('The questions are read-only')).toBeVisible();
    expect(screen.getByText(MSG.surveyHasResponses)).toBeVisible();
    expect(screen.getByLabelText('Question title')).toHaveValue('Favourite dish?');
    expect(screen.getByLabelText('Question title')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add text question' })).not.toBeInTheDocument();
  });

  it('turns read-only when the server refuses the save with 409', async () => {
    api.on(surveysEndpoints.buildSurvey, fail(409, MSG.surveyHasResponses, { code: 'CONFLICT' }));
    const { user } = openBuilder();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The questions are read-only')).toBeVisible();
    // Said in the banner and in the error toast.
    await waitFor(() => expect(screen.getAllByText(MSG.surveyHasResponses)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('says when the survey cannot be loaded', async () => {
    api.on(surveysEndpoints.getSurveyForm, fail(404, MSG.notFound));
    openBuilder();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load this page')).toBeVisible();
    expect(alert).toHaveTextContent(MSG.notFound);
  });
});
