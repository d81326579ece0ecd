// @vitest-environment happy-dom
// The administrators' profile-fields setting (/profile-fields, issue 17, ADR 032): the saved setting ticked
// as the server answers it, and Save sending exactly what is ticked, the phone shown to colleagues and then
// hidden again, each confirmed. Replaces the setting's steps of the people journey "an administrator shows
// the phone to colleagues and hides it again" (e2e/tests/people.spec.ts); that the saved setting hides the
// phone from colleagues and never from administrators is server/src/features/people/profile.test.ts's,
// what is stored server/src/features/people/settings.test.ts's. The page at 375 px stays in the journey.
import {
  DEFAULT_PROFILE_FIELDS,
  MSG,
  type ProfileFieldsSetting,
  peopleEndpoints,
  surveysEndpoints,
  systemEndpoints,
} from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import ProfileFieldsPage from './profile-fields-page';

let api: ApiMock;
beforeEach(() => {
  signIn('admin');
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(surveysEndpoints.getAnonymousSurveysSetting, ok({ minGroupSize: 5 }))
    .on(peopleEndpoints.getProfileFields, ok(DEFAULT_PROFILE_FIELDS))
    // The server answers what it saved.
    .on(peopleEndpoints.updateProfileFields, (request) => ok(request.body as ProfileFieldsSetting));
});

const saved = () => api.sent(peopleEndpoints.updateProfileFields).map((r) => r.body);

describe('profile-fields setting', () => {
  it('shows the saved setting, then shows the phone to colleagues and hides it again', async () => {
    const { user } = renderPage(<ProfileFieldsPage />, { at: '/profile-fields' });
    expect(screen.getByRole('heading', { name: 'Profile fields', level: 1 })).toBeVisible();
    const phone = await screen.findByRole('checkbox', { name: 'Phone' });
    expect(phone).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Work e-mail' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Department' })).toBeChecked();

    await user.click(phone);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.profileFieldsSaved)).toBeVisible();
    expect(saved()).toEqual([{ ...DEFAULT_PROFILE_FIELDS, phone: true }]);
    expect(screen.getByRole('checkbox', { name: 'Phone' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Phone' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved()).toHaveLength(2));
    expect(saved()[1]).toEqual(DEFAULT_PROFILE_FIELDS);
    expect(screen.getByRole('checkbox', { name: 'Phone' })).not.toBeChecked();
  });
});
