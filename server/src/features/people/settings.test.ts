// The profile-fields setting: administrators read and change it, the defaults stand until they do, and a
// body that is not exactly the five flags is refused with nothing saved.
import { DEFAULT_PROFILE_FIELDS, MSG } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { EVERY_ROLE, useTestApp } from '../../../test/use-test-app';
import { PROFILE_FIELDS_KEY, readProfileFields } from '../../access/profile-fields';
import { appSettings } from '../../db/schema';

const t = useTestApp({ users: EVERY_ROLE });
const { admin, staff, editor, other } = t.users;
const URL = '/v1/api/settings/profile-fields';
const everything = { email: true, phone: true, jobTitle: true, location: true, department: true };

describe('the profile-fields setting', () => {
  it('reads the defaults before anyone saved it: everything but the phone', async () => {
    const res = await t.get(URL, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(DEFAULT_PROFILE_FIELDS);
    expect(DEFAULT_PROFILE_FIELDS.phone).toBe(false);
  });

  it('saves what an administrator sends and answers it', async () => {
    const body = { ...everything, email: false };
    const res = await t.call('PUT', URL, admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(body);
    expect((await t.get(URL, admin)).json().data).toEqual(body);
    await t.call('PUT', URL, admin, DEFAULT_PROFILE_FIELDS);
  });

  it('refuses a body that is not the five flags, naming the field, and keeps the saved value', async () => {
    await t.call('PUT', URL, admin, everything);
    const cases: [unknown, string | undefined][] = [
      [{ ...everything, phone: 'yes' }, 'phone'],
      [{ ...everything, phone: 1 }, 'phone'],
      [{ ...everything, email: undefined }, 'email'],
      [{ ...everything, salary: true }, undefined],
      [[], undefined],
      [{}, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('PUT', URL, admin, body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json().fields?.[field], JSON.stringify(body)).toBe(MSG.invalidInput);
    }
    expect((await t.get(URL, admin)).json().data).toEqual(everything);
    await t.call('PUT', URL, admin, DEFAULT_PROFILE_FIELDS);
  });

  it('is for administrators only: 401 without a login, 403 to every other role, nothing saved', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      expect(
        (await t.call(method, URL, undefined, method === 'PUT' ? everything : undefined)).statusCode,
      ).toBe(401);
      for (const s of [staff, editor, other]) {
        const res = await t.call(method, URL, s, method === 'PUT' ? everything : undefined);
        expect(res.statusCode, `${method} role ${s.user.roleId}`).toBe(403);
      }
    }
    expect(await readProfileFields(t.db)).toEqual(DEFAULT_PROFILE_FIELDS);
  });

  it('reads a stored value that no longer fits the schema as the defaults', async () => {
    await t.db
      .insert(appSettings)
      .values({ key: PROFILE_FIELDS_KEY, value: { email: 'maybe' } })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: { email: 'maybe' } } });
    expect(await readProfileFields(t.db)).toEqual(DEFAULT_PROFILE_FIELDS);
    expect((await t.get('/v1/api/people?q=x', staff)).json().data.fields).toEqual(DEFAULT_PROFILE_FIELDS);
  });
});
