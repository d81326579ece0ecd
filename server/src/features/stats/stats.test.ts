import { MSG } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStats } from '../../../test/factories';
import { EVERY_ROLE, useTestApp } from '../../../test/use-test-app';
import { keyStatistics } from '../../db/schema';

const t = useTestApp({ users: EVERY_ROLE });
const { admin, staff, editor, other } = t.users;

const get = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/v1/api/statistics', headers });
const put = (id: number | string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `/v1/api/statistics/${id}`, headers, payload });

const update = {
  statsRelevance: 'As at 30 June',
  turnover: 1234567.5,
  newAccounts: 12,
  debtorsBook: 99.25,
  activeAccounts: 3400,
  merchants: 210,
  totalStores: 560,
  acquirerStores: 300,
  transactorStores: 260,
};

describe('GET /v1/api/statistics', () => {
  it('answers 404 while there are none', async () => {
    const res = await get(staff.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('answers the newest row to every known role', async () => {
    await createStats(t.db);
    const newest = await createStats(t.db);
    for (const s of [admin, staff, editor]) {
      const res = await get(s.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        id: newest.id,
        statsRelevance: 'As at today',
        turnover: 100,
        newAccounts: 2,
        debtorsBook: 3,
        activeAccounts: 4,
        merchants: 0,
        totalStores: 0,
        acquirerStores: 0,
        transactorStores: 0,
      });
    }
  });

  it('answers 401 without a token and 403 to other roles', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get(other.headers)).statusCode).toBe(403);
  });
});

describe('PUT /v1/api/statistics/{id}', () => {
  it('lets an administrator update a row and answers it', async () => {
    const row = await createStats(t.db);
    const res = await put(row.id, update, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: row.id, ...update });
    expect((await get(staff.headers)).json().data).toEqual({ id: row.id, ...update });
  });

  it('answers 401 without a token and 403 to roles 2, 3 and others, changing nothing', async () => {
    const row = await createStats(t.db);
    expect((await put(row.id, update)).statusCode).toBe(401);
    for (const s of [staff, editor, other]) {
      const res = await put(row.id, update, s.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MSG.forbidden);
    }
    const [after] = await t.db.select().from(keyStatistics).where(eq(keyStatistics.id, row.id));
    expect(after?.statsRelevance).toBe('As at today');
  });

  it('answers 400 with the field for bad values, changing nothing', async () => {
    const row = await createStats(t.db);
    const cases: [object, string][] = [
      [{ ...update, newAccounts: 1.5 }, 'newAccounts'],
      [{ ...update, merchants: 'many' }, 'merchants'],
      [{ ...update, totalStores: 3_000_000_000 }, 'totalStores'],
      [{ ...update, statsRelevance: '  ' }, 'statsRelevance'],
      [{ ...update, acquirerStores: undefined }, 'acquirerStores'],
    ];
    for (const [body, field] of cases) {
      const res = await put(row.id, body, admin.headers);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields?.[field], field).toBe(MSG.invalidInput);
    }
    for (const field of ['turnover', 'merchants']) {
      const res = await put(row.id, { ...update, [field]: -1 }, admin.headers);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields?.[field], field).toBe(MSG.statNegative);
    }
    const [after] = await t.db.select().from(keyStatistics).where(eq(keyStatistics.id, row.id));
    expect(after?.statsRelevance).toBe('As at today');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await put(999999, update, admin.headers)).statusCode).toBe(404);
    for (const id of ['abc', '0', '99999999999'])
      expect((await put(id, update, admin.headers)).statusCode).toBe(400);
  });
});
