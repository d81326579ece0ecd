// The admin user list's search and filters (issue 17): name or e-mail prefix, location, department, role
// and active flag, each narrowing the list; the old calls without them answer as before; bad values are a
// 400 naming the field, and colleagues still get only the mention search.
import { MSG, ROLE } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';

const t = useTestApp({ groups: ['here', 'there'], users: { admin: ROLE.ADMIN, staff: ROLE.STAFF } });
const { admin, staff } = t.users;
const made: Record<string, number> = {};

beforeAll(async () => {
  const { here, there } = t.groups;
  const user = async (key: string, over: Parameters<typeof createUser>[1]) => {
    made[key] = (await createUser(t.db, over)).id;
  };
  await user('ayanda', {
    firstName: 'Ayanda',
    lastName: 'Zwanefilter',
    email: `ayanda.zf${Date.now()}@example.com`,
    groupIds: [here.location.id, here.department.id],
  });
  await user('bheki', {
    firstName: 'Bheki',
    lastName: 'Zwanefilter',
    roleId: ROLE.EDITOR,
    groupIds: [there.location.id, here.department.id],
  });
  await user('cebo', {
    firstName: 'Cebo',
    lastName: 'Zwanefilter',
    isActive: false,
    groupIds: [here.location.id, there.department.id],
  });
});

const ids = async (query: string) => {
  const res = await t.get(`/v1/api/users?limit=-1&${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((u) => u.id).sort((a, b) => a - b);
};
const sorted = (...keys: string[]) => keys.map((k) => made[k] ?? 0).sort((a, b) => a - b);

describe('GET /v1/api/users (admin list) search and filters', () => {
  it('searches the start of a first name, last name or e-mail address', async () => {
    expect(await ids('q=zwanefil')).toEqual(sorted('ayanda', 'bheki', 'cebo'));
    expect(await ids('q=bheki%20zwane')).toEqual(sorted('bheki'));
    expect(await ids('q=ayanda.zf')).toEqual(sorted('ayanda'));
    expect(await ids('q=wanefilter')).toEqual([]);
  });

  it('filters by location, department, role and active flag, together', async () => {
    const { here, there } = t.groups;
    expect(await ids(`q=zwane&locationId=${here.location.id}`)).toEqual(sorted('ayanda', 'cebo'));
    expect(await ids(`q=zwane&departmentId=${here.department.id}`)).toEqual(sorted('ayanda', 'bheki'));
    expect(await ids(`q=zwane&roleId=${ROLE.EDITOR}`)).toEqual(sorted('bheki'));
    expect(await ids('q=zwane&isActive=0')).toEqual(sorted('cebo'));
    expect(await ids(`locationId=${there.location.id}&departmentId=${here.department.id}`)).toEqual(
      sorted('bheki'),
    );
  });

  it('answers the whole list as before without them', async () => {
    const all = await ids('');
    expect(all).toEqual(
      expect.arrayContaining([...sorted('ayanda', 'bheki', 'cebo'), admin.user.id, staff.user.id]),
    );
    const legacy = await t.get('/v1/api/users?fields=id&limit=-1', admin);
    expect(legacy.statusCode).toBe(200);
  });

  it('answers 400 naming the field for bad values, and 403 to colleagues without startString', async () => {
    const cases: [string, string][] = [
      [`q=${'x'.repeat(101)}`, 'q'],
      ['locationId=abc', 'locationId'],
      ['departmentId=-1', 'departmentId'],
      ['roleId=1.5', 'roleId'],
    ];
    for (const [query, field] of cases) {
      const res = await t.get(`/v1/api/users?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), query).toContain(field);
    }
    expect((await t.get(`/v1/api/users?q=${'x'.repeat(101)}`, admin)).json().fields.q).toBe(
      MSG.peopleSearchTooLong,
    );
    expect((await t.get('/v1/api/users?q=zwane', staff)).statusCode).toBe(403);
    expect((await t.get('/v1/api/users?q=zwane')).statusCode).toBe(401);
  });
});
