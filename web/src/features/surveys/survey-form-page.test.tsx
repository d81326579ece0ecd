// @vitest-environment happy-dom
// /surveys/create (product.md sections 2 and 5): the title and description messages word for word, a new
// survey sent as a draft to everyone by default and opened in the builder, and what "Anonymous" means.
import { MSG, STATE, surveysEndpoints, usersEndpoints } from '@hearth/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { fill } from '../../test/fields';
import { GROUPS } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import SurveyFormPage from './survey-form-page';

let api: ApiMock;
beforeEach(() => {
  signIn('editor');
  api = mockApi().on(usersEndpoints.listGroups, ok(GROUPS));
});

const openCreate = () => renderPage(<SurveyFormPage />, { at: '/surveys/create', path: '/surveys/create' });

describe('survey form', () => {
  it('asks for a title and a description and sends nothing', async () => {
    const { user } = openCreate();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText(MSG.surveyTitleRequired)).toBeVisible();
    expect(screen.getByText(MSG.surveyDescriptionRequired)).toBeVisible();
    expect(api.sent(surveysEndpoints.createSurvey)).toHaveLength(0);
  });

  it('creates a draft for everyone and opens it in the builder', async () => {
    api.on(surveysEndpoints.createSurvey, ok(5, 201));
    const { user } = openCreate();
    await fill(user, await screen.findByRole('textbox', { name: 'Title' }), ' Canteen survey ');
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Tell us what to cook.');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(MSG.surveyCreated)).toBeVisible();
    expect(await landedAt()).toBe('/survey-builder/5');
    expect(api.sent(surveysEndpoints.createSurvey)[0]?.body).toEqual({
      title: 'Canteen survey',
      description: 'Tell us what to cook.',
      isRefillable: 0,
      isAnonymous: 0,
      groups: [],
      isActive: 1,
      stateId: STATE.DRAFT,
    });
  });

  it('says how an anonymous survey’s smallest group is set once Anonymous is on', async () => {
    const { user } = openCreate();
    const note = 'Set from the anonymous survey setting when the survey is published, then fixed.';
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('switch', { name: 'Anonymous' }));
    expect(await screen.findByText(note)).toBeVisible();
  });
});
