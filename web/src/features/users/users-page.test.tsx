// @vitest-environment happy-dom
// The admin user list (/users, product.md section 2, issue 17): loading, empty and error states, the Active
// and Inactive tabs with their totals, the columns the list's width allows, the search and the role filter.
// The search and the role filter replace the people journey "the administrator searches and filters the
// user list" (e2e/tests/people.spec.ts); what the server finds for them is
// server/src/features/users/user-search.test.ts's.
import { MSG, ROLE, usersEndpoints } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, never, ok } from '../../test/fetch-mock';
import { chooseOption, columnHeaders } from '../../test/fields';
import { GROUPS, user } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import UsersPage from './users-page';

const ROLES = [
  { id: ROLE.ADMIN, name: 'admin' },
  { id: ROLE.STAFF, name: 'staff' },
  { id: ROLE.EDITOR, name: 'editor' },
];
const USERS = [
  user({ id: 1, firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com' }),
  user({ id: 2, firstName: 'Lindiwe', lastName: 'Khumalo', email: 'lindiwe@example.com' }),
  user({ id: 3, firstName: 'Olu', lastName: 'Gone', email: 'olu@example.com', isActive: 0 }),
];

let api: ApiMock;
beforeEach(() => {
  signIn('admin');
  api = mockApi()
    .on(usersEndpoints.listRoles, ok(ROLES))
    .on(usersEndpoints.listGroups, ok(GROUPS))
    .on(usersEndpoints.listUsers, ok(USERS));
});

/** The list measures its own width to choose its columns; in a DOM without layout every box is 0 wide. */
function listWidth(px: number) {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => px });
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientWidth', original);
  };
}

const EDDIE = user({
  id: 4,
  firstName: 'Eddie',
  lastName: 'Editor',
  email: 'editor@example.com',
  roles: { id: ROLE.EDITOR, name: 'editor' },
});

/** The names the Active tab lists, in its order. */
const names = () =>
  screen
    .getAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('/edit-user/'))
    .map((a) => a.textContent);
const openList = () => renderPage(<UsersPage />, { at: '/users' });

describe('users page', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('shows the list loading until the users answer', async () => {
    api.on(usersEndpoints.listUsers, never);
    const { container } = openList();
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(screen.getByRole('tab', { name: 'Active 0' })).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says there is nobody to show when the list is empty', async () => {
    api.on(usersEndpoints.listUsers, ok([]));
    openList();
    expect(await screen.findByText(MSG.noUsers)).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Active 0' })).toBeVisible();
  });

  it('says why the list could not be loaded, and loads it again on request', async () => {
    api.on(usersEndpoints.listUsers, fail(500, 'Something went wrong on our side'));
    const { user: u } = openList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this page');
    expect(alert).toHaveTextContent('Something went wrong on our side');
    api.on(usersEndpoints.listUsers, ok(USERS));
    await u.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ada Admin' })).toBeVisible();
  });

  it('splits active and inactive users into tabs with their totals', async () => {
    const { user: u } = openList();
    expect(await screen.findByRole('tab', { name: 'Active 2' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Inactive 1' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Lindiwe Khumalo' })).toHaveAttribute('href', '/edit-user/2');
    expect(screen.queryByText('Olu Gone')).not.toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: 'Inactive 1' }));
    expect(await screen.findByRole('link', { name: 'Olu Gone' })).toBeVisible();
    expect(api.sent(usersEndpoints.listUsers)[0]?.query).toEqual({ limit: '-1' });
  });

  it('shows every column on a wide list and the identifying ones on a phone-wide list', async () => {
    restore = listWidth(1280);
    const wide = openList();
    await screen.findByRole('link', { name: 'Ada Admin' });
    expect(columnHeaders()).toEqual([
      'Name',
      'E-mail',
      'Role',
      'Location',
      'Department',
      'Created',
      'Last Active',
    ]);
    wide.unmount();
    restore();

    // A 375 px phone: the list inside the page's padding is about 320 px wide.
    restore = listWidth(320);
    openList();
    await screen.findByRole('link', { name: 'Ada Admin' });
    expect(columnHeaders()).toEqual(['Name', 'Created']);
  });

  it('asks the server for the chosen role, lists whom it answers and keeps the role in the address', async () => {
    api.on(usersEndpoints.listUsers, (request) => ok(request.query.roleId ? [EDDIE] : [...USERS, EDDIE]));
    const { user: u } = openList();
    await screen.findByRole('link', { name: 'Ada Admin' });
    await chooseOption(u, 'Role', 'Post manager');
    await waitFor(() => expect(names()).toEqual(['Eddie Editor']));
    expect(api.sent(usersEndpoints.listUsers).at(-1)?.query).toEqual({
      limit: '-1',
      roleId: String(ROLE.EDITOR),
    });
    expect(window.location.search).toBe(`?role=${ROLE.EDITOR}`);
  });

  it('searches by name or e-mail once the typing stops, lists whom the server answers, and keeps it in the address', async () => {
    api.on(usersEndpoints.listUsers, (request) =>
      ok(request.query.q === 'lindiwe@' ? USERS.filter((u) => u.id === 2) : USERS),
    );
    const { user: u } = openList();
    await screen.findByRole('link', { name: 'Ada Admin' });
    const search = screen.getByRole('searchbox', { name: 'Search by name or e-mail' });
    await u.type(search, 'lindiwe@');
    await waitFor(() => expect(names()).toEqual(['Lindiwe Khumalo']));
    // One request for the whole text, none for the letters typed on the way.
    expect(api.sent(usersEndpoints.listUsers).map((r) => r.query)).toEqual([
      { limit: '-1' },
      { limit: '-1', q: 'lindiwe@' },
    ]);
    expect(window.location.search).toBe('?q=lindiwe%40');

    await u.clear(search);
    await waitFor(() => expect(names()).toEqual(['Ada Admin', 'Lindiwe Khumalo']));
    expect(window.location.search).toBe('');
  });

  it('opens the add-user form', async () => {
    const { user: u } = openList();
    // Named by its text alone: its icon is hidden from screen readers (it was read as "plus Add User").
    await u.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await landedAt()).toBe('/add-user');
  });
});
