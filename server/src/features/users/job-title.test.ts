// The job title ("role title", issue 17): administrators set it in the user form, users on their own
// profile; it is optional, trimmed, at most 100 characters, and an empty one clears it.
import { JOB_TITLE_MAX, MSG, ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, PASSWORD, userForm } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { users } from '../../db/schema';

const t = useTestApp({ groups: ['here'], users: { admin: ROLE.ADMIN, staff: ROLE.STAFF } });
const { admin, staff } = t.users;

const saved = async (id: number) =>
  (await t.db.select({ jobTitle: users.jobTitle }).from(users).where(eq(users.id, id)))[0]?.jobTitle;

describe('job title in the admin user form', () => {
  it('is saved trimmed on create and edit, answered with the user, and cleared when empty', async () => {
    const created = await t.call(
      'POST',
      '/v1/api/users',
      admin,
      userForm(t.groups.here, { jobTitle: '  Payroll officer ' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json().data;
    expect(user.jobTitle).toBe('Payroll officer');
    const form = {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      roleId: ROLE.STAFF,
    };
    const edited = await t.call('PUT', `/v1/api/users/${user.id}`, admin, {
      ...form,
      jobTitle: 'Head of payroll',
    });
    expect(edited.json().data.jobTitle).toBe('Head of payroll');
    expect((await t.get(`/v1/api/users/${user.id}`, admin)).json().data.jobTitle).toBe('Head of payroll');
    await t.call('PUT', `/v1/api/users/${user.id}`, admin, { ...form, jobTitle: '   ' });
    expect(await saved(user.id)).toBeNull();
  });

  it('refuses a title over 100 characters with its message, saving nothing', async () => {
    const target = await createUser(t.db, { jobTitle: 'Kept' });
    const res = await t.call('PUT', `/v1/api/users/${target.id}`, admin, {
      firstName: target.firstName,
      lastName: target.lastName,
      email: target.email,
      roleId: ROLE.STAFF,
      jobTitle: 'x'.repeat(JOB_TITLE_MAX + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ jobTitle: MSG.jobTitleTooLong });
    expect(await saved(target.id)).toBe('Kept');
    const wrongType = await t.call('POST', '/v1/api/users', admin, userForm(t.groups.here, { jobTitle: 42 }));
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().fields)).toEqual(['jobTitle']);
  });
});

describe('job title on the own profile', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    firstName: staff.user.firstName,
    lastName: staff.user.lastName,
    email: staff.user.email,
    currentPassword: PASSWORD,
    ...over,
  });

  it('is saved by the user, kept when the form leaves it out, cleared when empty', async () => {
    const res = await t.call('POST', '/v1/api/users/update-profile', staff, form({ jobTitle: ' Designer ' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.jobTitle).toBe('Designer');
    await t.call('POST', '/v1/api/users/update-profile', staff, form());
    expect(await saved(staff.user.id)).toBe('Designer');
    await t.call('POST', '/v1/api/users/update-profile', staff, form({ jobTitle: '' }));
    expect(await saved(staff.user.id)).toBeNull();
  });

  it('refuses a title over 100 characters, naming the field', async () => {
    const res = await t.call(
      'POST',
      '/v1/api/users/update-profile',
      staff,
      form({ jobTitle: 'y'.repeat(101) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ jobTitle: MSG.jobTitleTooLong });
    expect(await saved(staff.user.id)).toBeNull();
  });
});
