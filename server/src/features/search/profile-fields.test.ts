// People search honours the profile-fields setting as the directory does (issue 30, M3): a field hidden
// from colleagues is null in results and suggestions, and a hidden job title is not matched, so it cannot
// be found out by searching for it. Administrators see and match every field, as in the directory; the
// matches cached for one viewer never answer another whose fields differ.
import { DEFAULT_PROFILE_FIELDS, ROLE } from '@hearth/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { createPerson, setProfileFields } from '../people/test-support';
import { type SearchAnswer, type SuggestAnswer, searchUrl } from './test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN, staff: ROLE.STAFF }, groups: ['office'] });
const { admin, staff } = t.users;
const { office } = t.groups;

const NOTHING_SHOWN = { email: false, phone: false, jobTitle: false, location: false, department: false };

afterEach(() => setProfileFields(t.db, DEFAULT_PROFILE_FIELDS));

const people = async (q: string, viewer = staff) => {
  const res = await t.get(searchUrl(q, 'people'), viewer);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchAnswer).data.hits;
};
const suggested = async (q: string, viewer = staff) => {
  const res = await t.get(`/v1/api/search/suggest?q=${encodeURIComponent(q)}`, viewer);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SuggestAnswer).data.groups.find((g) => g.kind === 'people')?.hits ?? [];
};

describe('people search and the profile-fields setting', () => {
  it('answers no hidden field, in results or suggestions; administrators still see them', async () => {
    const person = await createPerson(t.db, 'Zanele', 'Quathlamba', {
      jobTitle: 'Treasury analyst',
      groupIds: [office.location.id, office.department.id],
    });
    await setProfileFields(t.db, NOTHING_SHOWN);
    const hidden = { jobTitle: null, location: null, department: null };
    expect((await people('Quathlamba')).map((h) => [h.id, h.person])).toEqual([
      [person.id, expect.objectContaining(hidden)],
    ]);
    expect((await suggested('Quathlamba'))[0]?.person).toMatchObject(hidden);
    const shown = {
      jobTitle: 'Treasury analyst',
      location: office.location.name,
      department: office.department.name,
    };
    expect((await people('Quathlamba', admin))[0]?.person).toMatchObject(shown);
    expect((await suggested('Quathlamba', admin))[0]?.person).toMatchObject(shown);
    // The staff member's answer again, after the administrator's filled the shared cache.
    expect((await people('Quathlamba'))[0]?.person).toMatchObject(hidden);
  });

  it('does not match a hidden job title, even after an administrator searched the same text', async () => {
    const person = await createPerson(t.db, 'Bongani', 'Khumalo', { jobTitle: 'Ombudsperson' });
    await setProfileFields(t.db, { ...DEFAULT_PROFILE_FIELDS, jobTitle: false });
    // The administrator first: their matches (job titles included) are cached under their own key.
    expect((await people('Ombudsperson', admin)).map((h) => h.id)).toEqual([person.id]);
    expect((await suggested('Ombudsperson', admin)).map((h) => h.id)).toEqual([person.id]);
    expect(await people('Ombudsperson')).toEqual([]);
    expect(await suggested('Ombudsperson')).toEqual([]);
    // Names still match, and the setting's other fields still show.
    expect((await people('Khumalo')).map((h) => h.id)).toEqual([person.id]);

    await setProfileFields(t.db, DEFAULT_PROFILE_FIELDS);
    expect((await people('Ombudsperson')).map((h) => h.id)).toEqual([person.id]);
    expect((await people('Ombudsperson'))[0]?.person).toMatchObject({ jobTitle: 'Ombudsperson' });
  });
});
