// Administrators create and edit users: the account made (verified, active, able to log in), the form's
// messages with nothing written, unique company addresses, and what an edit ends (sessions on a new password,
// a deactivation or a role change), never the administrator's own access.
import { MSG, ROLE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser, PASSWORD, userForm } from '../../../test/factories';
import { basic, bearer, login, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { userGroups, users } from '../../db/schema';
import { SELF_DEACTIVATE, SELF_DEMOTE } from './service';

const t = useTestApp({ users: { admin: ROLE.ADMIN, staff: ROLE.STAFF } });
const { admin, staff } = t.users;
let g: Awaited<ReturnType<typeof createGroups>>;

beforeAll(async () => {
  g = await createGroups(t.db);
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => t.app.inject({ method, url, headers, payload });
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;
const newUserBody = (over: Record<string, unknown> = {}) => userForm(g, over);

describe('POST /v1/api/users', () => {
  it('creates a verified, active account of type 2 with its role and groups, able to log in', async () => {
    const body = newUserBody({ email: `New.Person.${Date.now()}@EXAMPLE.com` });
    const res = await call('POST', '/v1/api/users', admin.headers, body);
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      email: body.email.toLowerCase(),
      isActive: 1,
      isVerified: 1,
      userTypeId: 2,
      role: { id: ROLE.STAFF },
      phone: body.phone,
    });
    expect(created.groups.map((x: { id: number }) => x.id)).toEqual([g.location.id, g.department.id]);
    const session = await login(t.app, body.email, body.password);
    expect(session.id).toBe(created.id);
  });

  it('can create an inactive account, which cannot log in', async () => {
    const body = newUserBody({ isActive: 0, groups: [] });
    const res = await call('POST', '/v1/api/users', admin.headers, body);
    expect(res.json().data).toMatchObject({ isActive: 0, groups: [] });
    const attempt = await call('POST', '/v1/auth/login', { authorization: basic(body.email, body.password) });
    expect(attempt.json().error).toBe(MSG.deactivated);
  });

  it('answers the form messages for bad input and creates nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [newUserBody({ password: 'Ab1!x' }), 'password', MSG.adminPasswordTooShort],
      [newUserBody({ password: 'abcdefgh' }), 'password', MSG.passwordPattern],
      [newUserBody({ roleId: undefined }), 'roleId', MSG.roleRequired],
      [newUserBody({ roleId: 99 }), 'roleId', MSG.roleRequired],
      [newUserBody({ roleId: 99999999999 }), 'roleId', MSG.roleRequired],
      [newUserBody({ email: 'someone@gmail.com' }), 'email', MSG.notCompanyEmail],
      [newUserBody({ email: 'not-an-email' }), 'email', MSG.emailInvalid],
      [newUserBody({ email: '' }), 'email', MSG.emailRequired],
      [newUserBody({ firstName: ' ' }), 'firstName', MSG.firstNameRequired],
      [newUserBody({ lastName: undefined }), 'lastName', MSG.lastNameRequired],
      [newUserBody({ groups: [999999] }), 'groups', MSG.invalidInput],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/v1/api/users', admin.headers, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await userCount()).toBe(before);
  });

  it('names every wrong field at once', async () => {
    const res = await call(
      'POST',
      '/v1/api/users',
      admin.headers,
      newUserBody({ email: 'x@gmail.com', roleId: 42 }),
    );
    expect(res.json().fields).toEqual({ email: MSG.notCompanyEmail, roleId: MSG.roleRequired });
  });

  it('answers 409 for an address already in use, whatever its case', async () => {
    const before = await userCount();
    const res = await call(
      'POST',
      '/v1/api/users',
      admin.headers,
      newUserBody({ email: staff.user.email.toUpperCase() }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: MSG.emailTaken, fields: { email: MSG.emailTaken } });
    expect(await userCount()).toBe(before);
  });
});

describe('PUT /v1/api/users/{id}', () => {
  const edit = (id: number, body: object, headers = admin.headers) =>
    call('PUT', `/v1/api/users/${id}`, headers, body);
  const formOf = (u: { firstName: string; lastName: string; email: string; roleId: number }) => ({
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    roleId: u.roleId,
    groups: [] as number[],
  });

  it('updates names, role and groups; an empty password keeps the old one', async () => {
    const target = await createUser(t.db, { groupIds: [g.team.id] });
    const res = await edit(target.id, {
      ...formOf(target),
      firstName: 'Renamed',
      roleId: ROLE.EDITOR,
      groups: [g.location.id, g.department.id],
      password: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Renamed', role: { id: ROLE.EDITOR } });
    expect(res.json().data.groups.map((x: { id: number }) => x.id)).toEqual([g.location.id, g.department.id]);
    const session = await login(t.app, target.email, PASSWORD);
    expect(session.roles.id).toBe(ROLE.EDITOR);
  });

  it('a new password ends the old sessions; the new password logs in', async () => {
    const target = await userWithSession(t.app, t.db);
    const res = await edit(target.user.id, { ...formOf(target.user), password: 'New#Pass9' });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/v1/api/groups', target.headers)).statusCode).toBe(401);
    const refresh = await call('POST', '/v1/auth/refresh-token', bearer(target.session.refreshToken));
    expect(refresh.statusCode).toBe(401);
    expect(
      (await call('POST', '/v1/auth/login', { authorization: basic(target.user.email, PASSWORD) }))
        .statusCode,
    ).toBe(401);
    await login(t.app, target.user.email, 'New#Pass9');
  });

  it('deactivation blocks the user at once: access token, refresh token and login', async () => {
    const target = await userWithSession(t.app, t.db);
    expect((await call('GET', '/v1/api/groups', target.headers)).statusCode).toBe(200);
    const res = await edit(target.user.id, { ...formOf(target.user), isActive: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isActive).toBe(0);

    expect((await call('GET', '/v1/api/groups', target.headers)).statusCode).toBe(401);
    const refresh = await call('POST', '/v1/auth/refresh-token', bearer(target.session.refreshToken));
    expect(refresh.statusCode).toBe(401);
    const attempt = await call('POST', '/v1/auth/login', {
      authorization: basic(target.user.email, PASSWORD),
    });
    expect([401, 403]).toContain(attempt.statusCode);
    expect(attempt.json().error).toBe(MSG.deactivated);

    // Reactivated, they may log in again.
    await edit(target.user.id, { ...formOf(target.user), isActive: 1 });
    await login(t.app, target.user.email, PASSWORD);
  });

  it('a role change ends the sessions, so the next login carries the new role', async () => {
    const target = await userWithSession(t.app, t.db);
    const res = await edit(target.user.id, { ...formOf(target.user), roleId: ROLE.EDITOR });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/v1/api/groups', target.headers)).statusCode).toBe(401);
    expect((await login(t.app, target.user.email)).roles.id).toBe(ROLE.EDITOR);
  });

  it('an administrator cannot deactivate themself or drop their own admin role', async () => {
    const self = formOf(admin.user);
    const off = await edit(admin.user.id, { ...self, firstName: 'Changed', isActive: 0 });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ error: SELF_DEACTIVATE, fields: { isActive: SELF_DEACTIVATE } });
    const demote = await edit(admin.user.id, { ...self, firstName: 'Changed', roleId: ROLE.STAFF });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().fields).toEqual({ roleId: SELF_DEMOTE });
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row).toMatchObject({ firstName: admin.user.firstName, roleId: ROLE.ADMIN, isActive: true });
    // Editing their own names is fine, and their session keeps working.
    expect((await edit(admin.user.id, { ...self, lastName: 'Still Admin' })).statusCode).toBe(200);
    expect((await call('GET', '/v1/api/roles', admin.headers)).statusCode).toBe(200);
  });

  it('keeps e-mail addresses unique and within the company domains', async () => {
    const target = await createUser(t.db, { groupIds: [g.team.id] });
    const taken = await edit(target.id, { ...formOf(target), firstName: 'X', email: staff.user.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: MSG.emailTaken });
    const foreign = await edit(target.id, { ...formOf(target), firstName: 'X', email: 'x@gmail.com' });
    expect(foreign.json().fields).toEqual({ email: MSG.notCompanyEmail });
    // Failed edits changed nothing, groups included.
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ firstName: target.firstName, email: target.email });
    const memberships = await t.db.select().from(userGroups).where(eq(userGroups.userId, target.id));
    expect(memberships.map((m) => m.groupId)).toEqual([g.team.id]);
    // Keeping one's own address is not a conflict.
    expect((await edit(target.id, { ...formOf(target), email: target.email.toUpperCase() })).statusCode).toBe(
      200,
    );
  });

  it('answers the form messages for bad input', async () => {
    const target = await createUser(t.db);
    const cases: [object, string, string][] = [
      [{ ...formOf(target), password: 'Ab1!x' }, 'password', MSG.adminPasswordTooShort],
      [{ ...formOf(target), roleId: undefined }, 'roleId', MSG.roleRequired],
      [{ ...formOf(target), roleId: 77 }, 'roleId', MSG.roleRequired],
      [{ ...formOf(target), groups: [123456] }, 'groups', MSG.invalidInput],
      [{ ...formOf(target), firstName: '' }, 'firstName', MSG.firstNameRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await edit(target.id, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields?.[field]).toBe(message);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.roleId).toBe(target.roleId);
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    const body = newUserBody();
    expect((await edit(999999, body)).statusCode).toBe(404);
    expect((await edit(Number.NaN, body)).statusCode).toBe(400);
    expect((await call('PUT', '/v1/api/users/abc', admin.headers, body)).statusCode).toBe(400);
  });
});
