// @vitest-environment happy-dom
// The page a refused company sign-in ends on (issue 19): each reason the server sends, in words, with the
// way back to the login page. The server's refusals themselves, and that they create nobody, are
// server/src/features/sso/sign-in.test.ts's; the journey walks one refusal in a real browser.
import { SSO_ERROR_REASONS, systemEndpoints } from '@hearth/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage } from '../../test/render';
import SsoErrorPage from './sso-error-page';

const WORDS: Record<string, string> = {
  invalid_state: 'This sign-in was not started in this browser, or it was already used. Please start again.',
  token_rejected: 'The answer from the company sign-in could not be trusted. Please start again.',
  unknown_provider: 'This sign-in option is not set up here.',
  expired: 'This sign-in took too long. Please start again.',
};
const FAILED = 'The sign-in did not work. Please try again.';

beforeEach(() => {
  mockApi().on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG));
});

const open = (search: string) => renderPage(<SsoErrorPage />, { at: `/sso/error${search}` });

describe('the sign-in failed page', () => {
  it.each(Object.entries(WORDS))('says why for %s', async (reason, words) => {
    open(`?reason=${reason}`);
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeTruthy();
    expect(screen.getByTestId('sso-error').textContent).toBe(words);
    expect(document.title).toContain('Sign-in failed');
  });

  it('has words of its own for every reason the server may send', async () => {
    for (const reason of SSO_ERROR_REASONS) {
      const view = open(`?reason=${reason}`);
      const text = (await screen.findByTestId('sso-error')).textContent ?? '';
      expect(text.length, reason).toBeGreaterThan(10);
      if (reason !== 'failed') expect(text, reason).not.toBe(FAILED);
      view.unmount();
    }
  });

  it('says the sign-in did not work for a reason it does not know, or none', async () => {
    for (const search of ['?reason=made_up', '']) {
      const view = open(search);
      expect((await screen.findByTestId('sso-error')).textContent).toBe(FAILED);
      view.unmount();
    }
  });

  it('leads back to the login page', async () => {
    const { user } = open('?reason=invalid_state');
    await user.click(await screen.findByRole('link', { name: 'Back to login' }));
    expect(await landedAt()).toBe('/login');
  });
});
