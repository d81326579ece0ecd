// @vitest-environment happy-dom
// The footer of every page, the login page's included (product.md section 1): the confidentiality notice,
// the support address as a mail link and the copyright year, from the public settings. It was a browser
// journey (login.spec.ts); that the layouts show it is router.test.tsx's, and the settings' values are
// the server's (server/test/platform.test.ts).
import { systemEndpoints } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { AppFooter } from './app-footer';

beforeEach(() => {
  mockApi().on(
    systemEndpoints.getPublicConfig,
    ok({ ...PUBLIC_CONFIG, brandName: 'Acme Group', supportEmail: 'help@acme.test', copyrightYear: 2021 }),
  );
});

describe('footer', () => {
  it('states confidentiality, links the support address and names the copyright year', async () => {
    renderPage(<AppFooter />, { at: '/login' });
    const footer = screen.getByTestId('app-footer');
    expect(await within(footer).findByText(/© 2021 Acme Group/)).toBeVisible();
    expect(footer).toHaveTextContent(/confidential and intended for employees of Acme Group only/);
    expect(within(footer).getByRole('link', { name: 'help@acme.test' })).toHaveAttribute(
      'href',
      'mailto:help@acme.test',
    );
  });
});
