// @vitest-environment happy-dom
// The report index (product.md sections 2 and 9): one card per report, each opening its page, under the
// pager. Who may open it is the route table's (lib/route-table.test.ts) and the menu's (menu-items.test.ts);
// the reports' API refuses others (server/test/authz-matrix.test.ts).
import { systemEndpoints } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import ReportsPage from './reports-page';

beforeEach(() => {
  signIn('admin');
  mockApi().on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG));
});

describe('the report index', () => {
  it('shows the three reports as a list of cards under the heading, with the pager', async () => {
    renderPage(<ReportsPage />, { at: '/reports' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'User Activity',
      'Survey Responses',
      'Post Activity',
    ]);
    expect(screen.getByRole('list', { name: 'Report pages' })).toBeTruthy();
    expect(document.title).toMatch(/^Reports/);
  });

  it.each([
    ['User Activity', '/reports/user-activity'],
    ['Survey Responses', '/reports/survey-responses'],
    ['Post Activity', '/reports/post-activity'],
  ])('opens %s at %s', async (name, path) => {
    const { user } = renderPage(<ReportsPage />, { at: '/reports' });
    await user.click(await screen.findByRole('link', { name: new RegExp(`^${name}`) }));
    expect(await landedAt()).toBe(path);
  });
});
