// @vitest-environment happy-dom
// The top bar (issue 33): on a desktop the name, the appearance select, profile settings and logout sit in
// the bar; on a phone the bar keeps its icons and those are in the account menu behind the avatar, where
// the appearance choice is checked and taken, settings open and logout ends the session. What was typed in
// the search box stays when the window crosses the phone width. Ctrl+K is the bar's, so it works before the
// box's code has come: here the box's code is most often loaded already, so that case is the box's own test
// (search-box.test.tsx, arriving with a focus request) and the search journey's.
import { authEndpoints, searchEndpoints } from '@hearth/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentProfile } from '../../lib/session';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { landedAt, renderPage, signIn } from '../../test/render';
import { setColorPreference, useColorMode } from '../color-mode';
import { TopBar } from './top-bar';

let api: ApiMock;
beforeEach(() => {
  signIn('staff');
  setColorPreference('system');
  api = mockApi()
    .on(authEndpoints.logout, ok({ message: 'Logged out' }))
    .on(searchEndpoints.suggestSearch, ok({ groups: [] }));
});

function Preference() {
  return <output data-testid="preference">{useColorMode().preference}</output>;
}

const openBar = (isMobile: boolean) =>
  renderPage(
    <>
      <TopBar isMobile={isMobile} onOpenMenu={() => {}} />
      <Preference />
    </>,
    { at: '/news' },
  );

describe('top bar', () => {
  it('on a desktop shows the name, the appearance select, profile settings and logout in the bar', () => {
    openBar(false);
    expect(screen.getByTestId('user-first-name')).toHaveTextContent('Sam');
    expect(screen.getByLabelText('Appearance')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Profile settings' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Account/ })).not.toBeInTheDocument();
  });

  it('on a phone keeps its icons and puts the rest in the account menu', async () => {
    const { user } = openBar(true);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(screen.queryByLabelText('Appearance')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-first-name')).not.toBeInTheDocument();

    const account = await screen.findByRole('button', { name: 'Account: Sam Staff' });
    // The avatar's initials are drawn, not text the button's name would have to contain (WCAG 2.5.3).
    expect(account.textContent).toBe('');
    await user.click(account);
    const menu = await screen.findByRole('menu');
    expect(screen.getByTestId('user-first-name')).toHaveTextContent('Sam Staff');
    expect(within(menu).getByRole('menuitemradio', { name: 'System' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(screen.getByTestId('preference')).toHaveTextContent('dark');
  });

  it('opens profile settings and logs out from the account menu', async () => {
    const { user } = openBar(true);
    await user.click(await screen.findByRole('button', { name: 'Account: Sam Staff' }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile settings' }),
    );
    expect(await landedAt()).toBe('/edit-profile');
  });

  it('logs out from the account menu', async () => {
    const { user } = openBar(true);
    await user.click(await screen.findByRole('button', { name: 'Account: Sam Staff' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(api.sent(authEndpoints.logout)).toHaveLength(1));
    await waitFor(() => expect(currentProfile()).toBeNull());
  });
});

/** The bar in a window whose width crosses the phone's at a click, as the layout passes `isMobile`. */
function ResizableBar() {
  const [isMobile, setMobile] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setMobile((was) => !was)}>
        Cross the phone width
      </button>
      <TopBar isMobile={isMobile} onOpenMenu={() => {}} />
    </>
  );
}

describe('Ctrl+K', () => {
  it.each([
    ['a desktop', false],
    ['a phone', true],
  ])('on %s focuses the search box, instead of the browser taking it', async (_, isMobile) => {
    openBar(isMobile);
    const pressed = fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(pressed).toBe(false); // prevented: the browser's own Ctrl+K does not run
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search' })).toHaveFocus());
  });

  it('is left to the browser without the modifier', async () => {
    openBar(false);
    const box = await screen.findByRole('combobox', { name: 'Search' });
    expect(fireEvent.keyDown(window, { key: 'k' })).toBe(true);
    expect(box).not.toHaveFocus();
  });
});

describe('the top bar across the phone width', () => {
  it('keeps what was typed in the search box, the phone icon opening the box with it', async () => {
    const { user } = renderPage(<ResizableBar />, { at: '/news' });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'lantern');
    await user.click(screen.getByRole('button', { name: 'Cross the phone width' }));
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('combobox', { name: 'Search' })).toHaveValue('lantern');
    await user.click(screen.getByRole('button', { name: 'Cross the phone width' }));
    expect(await screen.findByRole('combobox', { name: 'Search' })).toHaveValue('lantern');
  });
});
