import { MSG, ROLE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  basic,
  bearer,
  createGroups,
  createUser,
  login,
  PASSWORD,
  userWithSession,
} from '../../../test/factories';
import { roles, userGroups, users } from '../../db/schema';
import { SELF_DEACTIVATE, SELF_DEMOTE } from './service';

type Session = Awaited<ReturnType<typeof userWithSession>>;
type Method = 'GET' | 'POST' | 'PUT';

let t: TestApp;
let admin: Session;
let staff: Session;
let editor: Session;
let other: Session; // a role that is none of 1, 2, 3
let g: Awaited<ReturnType<typeof createGroups>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(roles).values({ id: 4, name: 'other' });
  admin = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
  staff = await userWithSession(t.app, t.db, { roleId: ROLE.STAFF });
  editor = await userWithSession(t.app, t.db, { roleId: ROLE.EDITOR });
  other = await userWithSession(t.app, t.db, { roleId: 4 });
  g = await createGroups(t.db);
});
afterAll(() => t.close());

const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;

let seq = 0;
const newUserBody = (over: Record<string, unknown> = {}) => ({
  firstName: 'Thandi',
  lastName: 'Mokoena',
  email: `thandi.${++seq}.${Date.now()}@example.org`,
  phone: '+27 11 000 0000',
  password: 'Admin#Set1',
  roleId: ROLE.STAFF,
  groups: [g.location.id, g.department.id],
  ...over,
});

/** Endpoints only administrators may call, with a valid request for each. */
const adminOnly = (): [Method, string, object?][] => [
  ['GET', '/v1/api/users/all?limit=-1'],
  ['GET', '/v1/api/users?fields=id&limit=-1'],
  ['GET', '/v1/api/users/totals'],
  ['GET', '/v1/api/roles'],
  ['POST', '/v1/api/users', newUserBody()],
  ['PUT', `/v1/api/users/${staff.user.id}`, newUserBody({ email: staff.user.email })],
];

describe('access to the user endpoints', () => {
  it('answers 401 without a token and 403 to roles 2, 3 and other roles on admin-only endpoints', async () => {
    const before = await userCount();
    for (const [method, url, body] of adminOnly()) {
      // A valid body or an empty one: who may call is settled before the body is looked at.
      for (const payload of body ? [body, {}] : [undefined]) {
        expect((await call(method, url, {}, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
        for (const s of [staff, editor, other]) {
          const res = await call(method, url, s.headers, payload);
          expect(res.statusCode, `${method} ${url} role ${s.user.roleId}`).toBe(403);
          expect(res.json().error).toBe(MSG.forbidden);
        }
      }
    }
    expect(await userCount()).toBe(before);
    const [row] = await t.db.select().from(users).where(eq(users.id, staff.user.id));
    expect(row?.firstName).toBe(staff.user.firstName);
  });

  it('answers 401 for a malformed or forged token', async () => {
    expect((await call('GET', '/v1/api/groups', { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    expect((await call('GET', '/v1/api/groups', { authorization: 'Basic abc' })).statusCode).toBe(401);
  });
});

describe('input the database cannot store', () => {
  it('answers 400 naming the field, never 500, for a NUL character', async () => {
    const before = await userCount();
    const search = await call('GET', '/v1/api/users?startString=a%00b', staff.headers);
    expect(search.statusCode).toBe(400);
    expect(search.json().fields).toEqual({ startString: MSG.invalidInput });
    const create = await call(
      'POST',
      '/v1/api/users',
      admin.headers,
      newUserBody({ lastName: 'Nul\u0000Byte' }),
    );
    expect(create.statusCode).toBe(400);
    expect(create.json().fields).toEqual({ lastName: MSG.invalidInput });
    expect(await userCount()).toBe(before);
  });
});

describe('GET /v1/api/users/all', () => {
  it('lists every user, newest first, as full records without secrets', async () => {
    const res = await call('GET', '/v1/api/users/all?limit=-1', admin.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; createdAt: string; role: { id: number } }[];
    expect(list).toHaveLength(await userCount());
    const times = list.map((u) => new Date(u.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list.find((u) => u.id === admin.user.id)).toMatchObject({ role: { id: 1 }, roles: { id: 1 } });
    expect(res.body).not.toMatch(/passwordHash|tokenVersion|password_hash/);
  });

  it('honours a positive limit and refuses a bad one', async () => {
    const res = await call('GET', '/v1/api/users/all?limit=2', admin.headers);
    expect(res.json().data).toHaveLength(2);
    expect((await call('GET', '/v1/api/users/all?limit=abc', admin.headers)).statusCode).toBe(400);
  });
});

describe('GET /v1/api/users', () => {
  it('without startString is the admin list', async () => {
    const res = await call('GET', '/v1/api/users?fields=id,firstName&limit=-1', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(await userCount());
    expect(res.json().data[0]).toHaveProperty('email');
  });

  it('filters the admin list by isActive', async () => {
    await createUser(t.db, { isActive: false });
    const res = await call('GET', '/v1/api/users?isActive=0', admin.headers);
    expect(res.json().data.length).toBeGreaterThan(0);
    expect(res.json().data.every((u: { isActive: number }) => u.isActive === 0)).toBe(true);
  });

  describe('mention search (startString)', () => {
    let zelda: { id: number };
    let zed: { id: number };
    beforeAll(async () => {
      zelda = await createUser(t.db, { firstName: 'Zelda', lastName: 'Quinton' });
      zed = await createUser(t.db, { firstName: 'zed', lastName: 'Abara' });
      await createUser(t.db, { firstName: 'Zebulon', lastName: 'Gone', isActive: false });
      await createUser(t.db, { firstName: 'Ann', lastName: 'Zeta' });
      for (let i = 0; i < 25; i++) await createUser(t.db, { firstName: 'Massimo', lastName: `Crowd${i}` });
    });

    const search = (q: string, s: Session = staff) =>
      call('GET', `/v1/api/users?startString=${encodeURIComponent(q)}&isActive=1`, s.headers);

    it('finds active users by first name, last name or full name, case-insensitively, for every known role', async () => {
      for (const s of [staff, editor, admin]) {
        const res = await search('ZE', s);
        expect(res.statusCode).toBe(200);
        const names = res.json().data.map((u: { firstName: string }) => u.firstName);
        expect(names).toEqual(['Ann', 'zed', 'Zelda']); // Zeta matches by last name; Zebulon is inactive
      }
      const full = await search('zelda qu');
      expect(full.json().data.map((u: { id: number }) => u.id)).toEqual([zelda.id]);
      const last = await search('abar');
      expect(last.json().data.map((u: { id: number }) => u.id)).toEqual([zed.id]);
    });

    it('answers only id, name and avatar', async () => {
      const res = await search('zelda');
      expect(Object.keys(res.json().data[0]).sort()).toEqual(['firstName', 'id', 'lastName', 'profileImage']);
      expect(res.body).not.toContain('@example');
    });

    it('treats LIKE wildcards as letters', async () => {
      expect((await search('%')).json().data).toEqual([]);
      expect((await search('_')).json().data).toEqual([]);
      expect((await search('Z%')).json().data).toEqual([]);
      expect((await search('\\')).json().data).toEqual([]);
    });

    it('answers 10 by default and at most 20', async () => {
      expect((await search('massimo')).json().data).toHaveLength(10);
      const many = await call('GET', '/v1/api/users?startString=massimo&limit=50', staff.headers);
      expect(many.json().data).toHaveLength(20);
      const all = await call('GET', '/v1/api/users?startString=massimo&limit=-1', staff.headers);
      expect(all.json().data).toHaveLength(10);
    });

    it('is refused to anonymous callers and to roles other than 1, 2, 3', async () => {
      expect((await call('GET', '/v1/api/users?startString=ze')).statusCode).toBe(401);
      expect((await search('ze', other)).statusCode).toBe(403);
    });

    it('answers 400 for a bad isActive or an overlong startString', async () => {
      expect((await call('GET', '/v1/api/users?startString=z&isActive=7', staff.headers)).statusCode).toBe(
        400,
      );
      expect((await search('z'.repeat(101))).statusCode).toBe(400);
    });
  });
});

describe('GET /v1/api/users/totals', () => {
  it('counts active and inactive users', async () => {
    const res = await call('GET', '/v1/api/users/totals', admin.headers);
    expect(res.statusCode).toBe(200);
    const { active, inactive, total } = res.json().data;
    expect(total).toBe(await userCount());
    expect(active + inactive).toBe(total);
    const [row] = await t.db.select({ n: count() }).from(users).where(eq(users.isActive, false));
    expect(inactive).toBe(row?.n);
  });
});

describe('GET /v1/api/users/{id}', () => {
  it('answers the caller their own record, whatever their role', async () => {
    for (const s of [staff, editor, other]) {
      const res = await call('GET', `/v1/api/users/${s.user.id}?fields=id,email`, s.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: s.user.id, email: s.user.email, isActive: 1 });
    }
  });

  it('answers administrators anyone, and 404 for an unknown id', async () => {
    const res = await call('GET', `/v1/api/users/${staff.user.id}`, admin.headers);
    expect(res.json().data).toMatchObject({ id: staff.user.id, role: { id: ROLE.STAFF } });
    expect((await call('GET', '/v1/api/users/999999', admin.headers)).statusCode).toBe(404);
  });

  it("answers 403 for someone else's record and 401 without a token", async () => {
    for (const s of [staff, editor, other]) {
      expect((await call('GET', `/v1/api/users/${admin.user.id}`, s.headers)).statusCode).toBe(403);
    }
    // Not even whether the id exists is told.
    expect((await call('GET', '/v1/api/users/999999', staff.headers)).statusCode).toBe(403);
    expect((await call('GET', `/v1/api/users/${staff.user.id}`)).statusCode).toBe(401);
  });

  it('answers 400, never 500, for ids that are not ids', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await call('GET', `/v1/api/users/${id}`, admin.headers)).statusCode, id).toBe(400);
    }
  });
});

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

describe('GET /v1/api/roles and /v1/api/groups', () => {
  it('lists the roles to administrators', async () => {
    const res = await call('GET', '/v1/api/roles', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('lists all groups to every known role, not to others', async () => {
    for (const s of [admin, staff, editor]) {
      const res = await call('GET', '/v1/api/groups?limit=-1', s.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(expect.arrayContaining([g.location, g.department, g.team]));
    }
    expect((await call('GET', '/v1/api/groups?limit=-1', other.headers)).statusCode).toBe(403);
    expect((await call('GET', '/v1/api/groups?limit=-1')).statusCode).toBe(401);
  });
});
