// The user endpoints: who may call them, the admin lists and the mention search, the totals, one user, and
// the roles and groups. Creating and editing users: user-forms.test.ts.
import { MSG, ROLE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser, userForm } from '../../../test/factories';
import type { Session } from '../../../test/sessions';
import { EVERY_ROLE, useTestApp } from '../../../test/use-test-app';
import { users } from '../../db/schema';

type Method = 'GET' | 'POST' | 'PUT';

const t = useTestApp({ users: EVERY_ROLE });
const { admin, staff, editor, other } = t.users;
let g: Awaited<ReturnType<typeof createGroups>>;

beforeAll(async () => {
  g = await createGroups(t.db);
});

const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;
const newUserBody = (over: Record<string, unknown> = {}) => userForm(g, over);

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
