// @vitest-environment happy-dom
// The anonymous surveys' setting on /profile-fields (ADR 035): the smallest group shown, as the server
// answers it, changed and saved with the toast "Anonymous survey setting saved" and the saved value kept; an
// empty size is refused on the screen and sends nothing, and the server's field message is shown (a size out
// of range is the server's to refuse). It
// replaces anonymous-survey.spec.ts's settings journey; that the server validates and stores the size is
// server/src/features/reports/anonymous-survey-report.test.ts's (PUT /settings/anonymous-surveys).
import { MSG, surveysEndpoints } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, ok } from '../../test/fetch-mock';
import { fill } from '../../test/fields';
import { renderPage, signIn } from '../../test/render';
import { AnonymousSurveysSettingCard } from './anonymous-surveys-setting';

const LABEL = 'Smallest group shown in results by location or department';

let api: ApiMock;
beforeEach(() => {
  signIn('admin');
  api = mockApi().on(surveysEndpoints.getAnonymousSurveysSetting, ok({ minGroupSize: 5 }));
});

const open = () => renderPage(<AnonymousSurveysSettingCard />, { at: '/profile-fields' });

describe('the anonymous surveys setting', () => {
  it('shows the stored size, saves a new one, says so and keeps it', async () => {
    api.on(surveysEndpoints.updateAnonymousSurveysSetting, (request) => ok(request.body));
    const { user, client } = open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Anonymous surveys' })).toBeVisible();
    const size = await screen.findByRole('spinbutton', { name: LABEL });
    await waitFor(() => expect(size).toHaveValue('5'));
    await fill(user, size, '3');
    await user.click(screen.getByRole('button', { name: 'Save group size' }));
    expect(await screen.findByText(MSG.anonymousSurveysSaved)).toBeVisible();
    expect(api.sent(surveysEndpoints.updateAnonymousSurveysSetting).map((r) => r.body)).toEqual([
      { minGroupSize: 3 },
    ]);
    expect(size).toHaveValue('3');
    // The saved answer is what the screen holds now, as a reload would read it.
    expect(client.getQueryData(['settings', 'anonymous-surveys'])).toEqual({ minGroupSize: 3 });
  });

  it('refuses an empty size on the screen and sends nothing', async () => {
    const { user } = open();
    const size = await screen.findByRole('spinbutton', { name: LABEL });
    await waitFor(() => expect(size).toHaveValue('5'));
    await fill(user, size, '');
    await user.click(screen.getByRole('button', { name: 'Save group size' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.minGroupSizeInvalid);
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent(surveysEndpoints.updateAnonymousSurveysSetting)).toHaveLength(0);
  });

  it('shows the server’s message for the size when it refuses it', async () => {
    // The answer's own text differs from the field's: the field's message is what the screen must show.
    api.on(
      surveysEndpoints.updateAnonymousSurveysSetting,
      fail(400, MSG.invalidInput, { fields: { minGroupSize: MSG.minGroupSizeInvalid } }),
    );
    const { user } = open();
    const size = await screen.findByRole('spinbutton', { name: LABEL });
    await waitFor(() => expect(size).toHaveValue('5'));
    await fill(user, size, '7');
    await user.click(screen.getByRole('button', { name: 'Save group size' }));
    expect(await screen.findByText(MSG.minGroupSizeInvalid)).toBeVisible();
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(MSG.anonymousSurveysSaved)).not.toBeInTheDocument();
  });
});
