// @vitest-environment happy-dom
// /edit-stats (issue 33): figures read as the stats page shows them, a negative figure is refused with a
// message instead of being turned into 0, and what is saved.
import { MSG, statsEndpoints } from '@hearth/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { expectFieldErrors, fill } from '../../test/fields';
import { landedAt, renderPage, signIn } from '../../test/render';
import EditStatsPage from './edit-stats-page';
import { figureText } from './stat-fields';

const STATS = {
  id: 1,
  statsRelevance: 'As at 30 June',
  turnover: 1_284_500_000,
  newAccounts: 1200,
  debtorsBook: 5_000_000.5,
  activeAccounts: 9800,
  merchants: 310,
  totalStores: 45,
  acquirerStores: 20,
  transactorStores: 25,
};

let api: ApiMock;
beforeEach(() => {
  signIn('admin');
  api = mockApi().on(statsEndpoints.getStatistics, ok(STATS));
});

describe('figures as the page shows them', () => {
  it('groups thousands and leaves ".00" off whole amounts', () => {
    expect(figureText('1284500000.00')).toBe('1,284,500,000');
    expect(figureText(1284500000)).toBe('1,284,500,000');
    expect(figureText('5000000.5')).toBe('5,000,000.50');
    expect(figureText('-1234')).toBe('-1,234');
    expect(figureText(undefined)).toBe('');
  });
});

describe('edit stats page', () => {
  it('shows each figure grouped, as on /stats', async () => {
    renderPage(<EditStatsPage />, { at: '/edit-stats', path: '/edit-stats' });
    expect(await screen.findByLabelText('Turnover')).toHaveValue('1,284,500,000');
    expect(screen.getByLabelText('Debtors Book')).toHaveValue('5,000,000.50');
    expect(screen.getByLabelText('Merchants')).toHaveValue('310');
  });

  it('refuses a negative figure with a message, keeps it as typed and sends nothing', async () => {
    const { user } = renderPage(<EditStatsPage />, { at: '/edit-stats', path: '/edit-stats' });
    await fill(user, await screen.findByLabelText('Merchants'), '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectFieldErrors('Merchants', [MSG.statNegative]);
    expect(screen.getByLabelText('Merchants')).toHaveValue('-5');
    expect(api.sent(statsEndpoints.updateStatistics)).toHaveLength(0);
  });

  it('saves typed figures as numbers and returns to the stats', async () => {
    api.on(statsEndpoints.updateStatistics, ok({ ...STATS, merchants: 1500 }));
    const { user } = renderPage(<EditStatsPage />, { at: '/edit-stats', path: '/edit-stats' });
    await fill(user, await screen.findByLabelText('Merchants'), '1,500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.statsUpdated)).toBeVisible();
    expect(await landedAt()).toBe('/stats');
    const { id, ...rest } = STATS;
    expect(api.sent(statsEndpoints.updateStatistics)[0]?.body).toEqual({ ...rest, merchants: 1500 });
  });
});
