// @vitest-environment happy-dom
// A colleague's page (/people/:personId, issue 17): name, job title, the e-mail as a link to write, the
// phone as a link to call only when the answer carries it, and the communities section. Replaces the
// colleague's page of the people journey "staff browse the directory, filter it and open a colleague" and
// the staff and administrator views of "an administrator shows the phone to colleagues and hides it again"
// (e2e/tests/people.spec.ts); which fields the server answers to colleagues and to administrators is
// server/src/features/people/profile.test.ts's.
import {
  DEFAULT_PROFILE_FIELDS,
  type PersonProfile,
  PROFILE_FIELDS,
  peopleEndpoints,
  systemEndpoints,
} from '@hearth/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { DEPARTMENTS, LOCATIONS, PUBLIC_CONFIG } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import PersonPage from './person-page';

const EVERY_FIELD = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, true])) as PersonProfile['fields'];

/** Eddie as a colleague sees him by default: everything but the phone, which the server leaves out. */
const EDDIE: PersonProfile = {
  id: 3,
  firstName: 'Eddie',
  lastName: 'Editor',
  profileImage: null,
  jobTitle: 'Communications editor',
  location: LOCATIONS[0] ?? null,
  department: DEPARTMENTS[0] ?? null,
  email: 'editor@example.com',
  phone: null,
  isActive: 1,
  fields: DEFAULT_PROFILE_FIELDS,
  communities: [{ id: 8, title: 'Book club' }],
  posts: [],
  comments: [],
};

let api: ApiMock;
beforeEach(() => {
  signIn('staff');
  api = mockApi().on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG));
});

const open = (person: PersonProfile) => {
  api.on(peopleEndpoints.getPerson, ok(person));
  return renderPage(<PersonPage />, { at: `/people/${person.id}`, path: '/people/:personId' });
};

describe('person page', () => {
  it('shows the name, job title, e-mail and communities, and no phone when colleagues may not see it', async () => {
    open(EDDIE);
    expect(await screen.findByRole('heading', { name: 'Eddie Editor', level: 1 })).toBeVisible();
    expect(screen.getByText('Communications editor')).toBeVisible();
    expect(screen.getByRole('link', { name: 'editor@example.com' })).toHaveAttribute(
      'href',
      'mailto:editor@example.com',
    );
    expect(screen.getByText('Office location')).toBeVisible();
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Communities', level: 2 })).toBeVisible();
    expect(screen.getByText('Book club')).toBeVisible();
    expect(api.sent(peopleEndpoints.getPerson)[0]?.params).toEqual({ id: '3' });
  });

  it('shows the phone as a link to call when the answer carries it', async () => {
    open({ ...EDDIE, phone: '+27 21 555 0100', fields: EVERY_FIELD });
    await screen.findByRole('heading', { name: 'Eddie Editor', level: 1 });
    expect(screen.getByText('Phone')).toBeVisible();
    expect(screen.getByRole('link', { name: '+27 21 555 0100' })).toHaveAttribute(
      'href',
      'tel:+27 21 555 0100',
    );
  });
});
