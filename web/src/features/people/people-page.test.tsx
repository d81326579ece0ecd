// @vitest-environment happy-dom
// The people directory (/people, issue 17): colleagues as cards linking to their pages, the search asked
// once the typing stops and kept in the address, "No colleagues found", the office location and department
// filters kept in the address (so Back finds the same list), 20 at a time with "Load more", and the way to
// the profile-fields setting for administrators. Replaces the search and filter steps of the people
// journey "staff browse the directory, filter it and open a colleague", the journey "the directory comes 20
// at a time, with Load more for the rest" and the Profile fields button of "an administrator shows the phone
// to colleagues and hides it again" (e2e/tests/people.spec.ts); the server's search, filters and page size
// are server/src/features/people/directory.test.ts's. The menu link, opening a colleague and Back stay in
// the journey.
import {
  DEFAULT_PROFILE_FIELDS,
  MSG,
  type PeoplePage as Page,
  type PersonCard,
  peopleEndpoints,
  systemEndpoints,
  usersEndpoints,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok, type SentRequest } from '../../test/fetch-mock';
import { chooseOption, fill } from '../../test/fields';
import { DEPARTMENTS, GROUPS, LOCATIONS, PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import PeoplePage from './people-page';

const [CAPE_TOWN, DURBAN] = LOCATIONS as [(typeof LOCATIONS)[0], (typeof LOCATIONS)[0]];
const [FINANCE, PEOPLE] = DEPARTMENTS as [(typeof DEPARTMENTS)[0], (typeof DEPARTMENTS)[0]];

function person(
  id: number,
  firstName: string,
  lastName: string,
  patch: Partial<PersonCard> = {},
): PersonCard {
  return {
    id,
    firstName,
    lastName,
    profileImage: null,
    jobTitle: null,
    location: CAPE_TOWN,
    department: FINANCE,
    ...patch,
  };
}

const ADA = person(1, 'Ada', 'Admin', { jobTitle: 'People lead', department: PEOPLE });
const EDDIE = person(3, 'Eddie', 'Editor', { jobTitle: 'Communications editor' });
const THANDI = person(4, 'Thandi', 'Mokoena', {
  jobTitle: 'Product designer',
  location: DURBAN,
  department: PEOPLE,
});
const PIETER = person(5, 'Pieter', 'van Wyk', { jobTitle: 'Financial analyst', location: DURBAN });
const EVERYONE = [ADA, EDDIE, THANDI, PIETER];

const page = (people: PersonCard[], next: string | null = null): Page => ({
  people,
  next,
  fields: DEFAULT_PROFILE_FIELDS,
});

/** The directory as the server answers it: the search by the start of a name, the filters by group id. */
function directory(request: SentRequest) {
  const { q = '', locationId, departmentId } = request.query;
  const words = q.toLowerCase().split(' ').filter(Boolean);
  const people = EVERYONE.filter(
    (p) =>
      words.every((w) =>
        `${p.firstName} ${p.lastName}`
          .toLowerCase()
          .split(' ')
          .some((part) => part.startsWith(w)),
      ) &&
      (!locationId || String(p.location?.id) === locationId) &&
      (!departmentId || String(p.department?.id) === departmentId),
  );
  return ok(page(people));
}

let api: ApiMock;
beforeEach(() => {
  signIn('staff');
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(usersEndpoints.listGroups, ok(GROUPS))
    .on(peopleEndpoints.listPeople, directory);
});

const open = (at = '/people') => renderPage(<PeoplePage />, { at, path: '/people' });
const names = () =>
  within(screen.getByRole('list', { name: 'Colleagues' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
const asked = () => api.sent(peopleEndpoints.listPeople).map((r) => r.query);

describe('people directory', () => {
  it('shows colleagues as cards: the name linking to their page, job title, department and location', async () => {
    open();
    await waitFor(() =>
      expect(names()).toEqual(['Ada Admin', 'Eddie Editor', 'Thandi Mokoena', 'Pieter van Wyk']),
    );
    expect(screen.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Thandi Mokoena' })).toHaveAttribute('href', '/people/4');
    expect(screen.getByText('Product designer')).toBeVisible();
    expect(screen.getByText('People · Durban')).toBeVisible();
    expect(asked()[0]).toEqual({});
  });

  it('searches once the typing stops, keeps the search in the address and says when nobody matches', async () => {
    const { user } = open();
    await screen.findByRole('list', { name: 'Colleagues' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'van w');
    await waitFor(() => expect(names()).toEqual(['Pieter van Wyk']));
    // One request for the whole text, none for the letters typed on the way.
    expect(asked()).toEqual([{}, { q: 'van w' }]);
    expect(window.location.search).toBe('?q=van+w');

    await fill(user, screen.getByRole('searchbox', { name: 'Search by name' }), 'zzzz-nobody');
    expect(await screen.findByText(MSG.noPeople)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Colleagues' })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
    await waitFor(() => expect(names()).toContain('Ada Admin'));
    expect(window.location.search).toBe('');
  });

  it('filters by office location and department together, and keeps both in the address', async () => {
    const { user } = open();
    await screen.findByRole('list', { name: 'Colleagues' });
    await chooseOption(user, 'Office location', 'Cape Town');
    await waitFor(() => expect(names()).toEqual(['Ada Admin', 'Eddie Editor']));
    expect(asked().at(-1)).toEqual({ locationId: String(CAPE_TOWN.id) });
    await chooseOption(user, 'Department', 'Finance');
    await waitFor(() => expect(names()).toEqual(['Eddie Editor']));
    expect(asked().at(-1)).toEqual({ locationId: String(CAPE_TOWN.id), departmentId: String(FINANCE.id) });
    expect(window.location.search).toBe(`?location=${CAPE_TOWN.id}&department=${FINANCE.id}`);
  });

  it('opens with the search and filters of the address, as Back returns to it', async () => {
    open(`/people?q=eddie&location=${CAPE_TOWN.id}&department=${FINANCE.id}`);
    await waitFor(() => expect(names()).toEqual(['Eddie Editor']));
    expect(asked()).toEqual([
      { q: 'eddie', locationId: String(CAPE_TOWN.id), departmentId: String(FINANCE.id) },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('eddie');
    expect(screen.getByTestId('filter-location')).toHaveTextContent('Cape Town');
    expect(screen.getByTestId('filter-department')).toHaveTextContent('Finance');
  });

  it('shows 20 colleagues, and the rest after Load more, which then goes', async () => {
    const members = Array.from({ length: 21 }, (_, i) =>
      person(100 + i, `Member${String(i + 1).padStart(2, '0')}`, 'Pagewise'),
    );
    api.on(peopleEndpoints.listPeople, (request) =>
      request.query.next === 'after-20'
        ? ok(page(members.slice(20)))
        : ok(page(members.slice(0, 20), 'after-20')),
    );
    const { user } = open('/people?q=pagewise');
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(names()[0]).toBe('Member01 Pagewise');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names()).toHaveLength(21));
    expect(names().at(-1)).toBe('Member21 Pagewise');
    expect(asked().at(-1)).toEqual({ q: 'pagewise', next: 'after-20' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('gives administrators the way to the profile-fields setting, and staff none', async () => {
    const staff = open();
    await screen.findByRole('list', { name: 'Colleagues' });
    expect(screen.queryByRole('button', { name: 'Profile fields' })).not.toBeInTheDocument();
    staff.unmount();

    signIn('admin');
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Profile fields' }));
    expect(await landedAt()).toBe('/profile-fields');
  });
});
