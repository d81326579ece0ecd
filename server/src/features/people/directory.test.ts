// The people directory: active colleagues only, by last name, first name and id; search by name (and by
// e-mail only where colleagues see it), filters by location and department, keyset pages (20 by default)
// that neither skip nor repeat, hidden fields left out, and bad input answered 400 with the field named.
import { MSG, ROLE } from '@hearth/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { createPerson, setProfileFields } from './test-support';

const t = useTestApp({
  groups: ['cape', 'joburg'],
  users: { admin: ROLE.ADMIN, staff: { worksIn: 'cape' }, other: 4 },
});
const { admin, staff, other } = t.users;

type Card = { id: number; firstName: string; lastName: string; jobTitle: string | null; location: unknown };
let ids: Record<string, number> = {};

beforeAll(async () => {
  const cape = t.groups.cape;
  const joburg = t.groups.joburg;
  const made = {
    anna: await createPerson(t.db, 'Anna', 'Quillfeather', {
      groupIds: [cape.location.id, cape.department.id],
    }),
    bongani: await createPerson(t.db, 'Bongani', 'Quillson', {
      groupIds: [joburg.location.id, cape.department.id],
      email: `bongani.q${Date.now()}@example.com`,
    }),
    dumi: await createPerson(t.db, 'Dumi', 'quillson', {
      groupIds: [cape.location.id, joburg.department.id],
    }),
    carla: await createPerson(t.db, 'Carla', 'Quillman', { isActive: false, groupIds: [cape.location.id] }),
  };
  ids = Object.fromEntries(Object.entries(made).map(([k, v]) => [k, v.id]));
});

beforeEach(async () => {
  await setProfileFields(t.db);
});

const list = async (query: string, as = staff) => {
  const res = await t.get(`/v1/api/people?${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { people: Card[]; next: string | null; fields: Record<string, boolean> };
};
const names = (people: Card[]) => people.map((p) => `${p.firstName} ${p.lastName}`);

describe('GET /v1/api/people', () => {
  it('finds active colleagues by the start of a name, case-insensitively, by last name then first name', async () => {
    expect(names((await list('q=QUILL')).people)).toEqual([
      'Anna Quillfeather',
      'Bongani Quillson',
      'Dumi quillson',
    ]);
    expect(names((await list('q=anna%20quill')).people)).toEqual(['Anna Quillfeather']);
    expect(names((await list('q=quillson%20d')).people)).toEqual(['Dumi quillson']);
    // A word inside a name counts, at its start only; hyphens part words too.
    const vanWyk = await createPerson(t.db, 'Jean-Luc', 'van Zwyk');
    expect((await list('q=van%20zw')).people.map((p) => p.id)).toEqual([vanWyk.id]);
    expect((await list('q=luc%20zw')).people.map((p) => p.id)).toEqual([vanWyk.id]);
    expect((await list('q=wyk')).people).toEqual([]);
    // Deactivated people are nobody's colleagues, not even an administrator's directory.
    expect(names((await list('q=quillman', admin)).people)).toEqual([]);
    // Typed wildcards are letters, not patterns.
    expect((await list('q=%25')).people).toEqual([]);
    expect((await list('q=_uill')).people).toEqual([]);
  });

  it('filters by office location and by department', async () => {
    const { cape, joburg } = t.groups;
    expect(names((await list(`q=quill&locationId=${cape.location.id}`)).people)).toEqual([
      'Anna Quillfeather',
      'Dumi quillson',
    ]);
    expect(names((await list(`q=quill&departmentId=${cape.department.id}`)).people)).toEqual([
      'Anna Quillfeather',
      'Bongani Quillson',
    ]);
    expect(
      names(
        (await list(`q=quill&locationId=${cape.location.id}&departmentId=${joburg.department.id}`)).people,
      ),
    ).toEqual(['Dumi quillson']);
    expect(
      (await list(`locationId=${joburg.location.id}&departmentId=${joburg.department.id}`)).people,
    ).toEqual([]);
  });

  it('pages by keyset: every colleague once, in order, and the last page says there is no next', async () => {
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const page = await list(`q=quill&limit=1${next ? `&next=${next}` : ''}`);
      seen.push(...names(page.people));
      next = page.next;
      pages += 1;
    } while (next && pages < 10);
    expect(seen).toEqual(['Anna Quillfeather', 'Bongani Quillson', 'Dumi quillson']);
    // Without a search, pages of 2 over everyone still meet each colleague exactly once.
    const all: number[] = [];
    next = null;
    do {
      const page = await list(`limit=2${next ? `&next=${next}` : ''}`);
      all.push(...page.people.map((p) => p.id));
      next = page.next;
    } while (next && all.length < 100);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(
      expect.arrayContaining([ids.anna, ids.bongani, ids.dumi, staff.user.id, admin.user.id]),
    );
    expect(all).not.toContain(ids.carla);
  });

  it('answers 20 a page unless asked for another size, the rest on the next page', async () => {
    for (let n = 1; n <= 21; n++) await createPerson(t.db, `Member${String(n).padStart(2, '0')}`, 'Pagewise');
    const first = await list('q=pagewise');
    expect(first.people).toHaveLength(20);
    expect(names(first.people)[0]).toBe('Member01 Pagewise');
    expect(first.next).not.toBeNull();
    const rest = await list(`q=pagewise&next=${first.next}`);
    expect(names(rest.people)).toEqual(['Member21 Pagewise']);
    expect(rest.next).toBeNull();
  });

  it('shows job title, location and department as the setting says, and searches e-mail only where shown', async () => {
    const shown = (await list('q=anna%20quill')).people[0];
    expect(shown).toMatchObject({
      jobTitle: "Anna's job",
      location: { id: t.groups.cape.location.id },
      department: { id: t.groups.cape.department.id },
    });
    expect((await list('q=bongani.q')).people.map((p) => p.id)).toEqual([ids.bongani]);

    await setProfileFields(t.db, { email: false, jobTitle: false, location: false });
    const page = await list('q=anna%20quill');
    expect(page.fields).toMatchObject({ email: false, jobTitle: false, location: false, department: true });
    expect(page.people[0]).toMatchObject({
      jobTitle: null,
      location: null,
      department: { id: expect.any(Number) },
    });
    expect((await list('q=bongani.q')).people).toEqual([]);
    // A filter on a hidden field would reveal it.
    const refused = await t.get(`/v1/api/people?locationId=${t.groups.cape.location.id}`, staff);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ locationId: MSG.invalidInput });
    // Administrators see every field, and may filter by it.
    const forAdmin = await list(`q=anna%20quill&locationId=${t.groups.cape.location.id}`, admin);
    expect(forAdmin.people[0]).toMatchObject({
      jobTitle: "Anna's job",
      location: { id: t.groups.cape.location.id },
    });
  });

  it('answers 400 naming the field for bad input, 401 without a login and 403 to other roles', async () => {
    const cases: [string, string][] = [
      [`q=${'a'.repeat(101)}`, 'q'],
      ['next=not-a-cursor!', 'next'],
      [`next=${Buffer.from('["p","a","b",0]').toString('base64url')}`, 'next'],
      [`next=${Buffer.from('{"x":1}').toString('base64url')}`, 'next'],
      ['locationId=abc', 'locationId'],
      ['departmentId=0', 'departmentId'],
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await t.get(`/v1/api/people?${query}`, staff);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), query).toContain(field);
    }
    expect((await t.get(`/v1/api/people?q=${'a'.repeat(101)}`, staff)).json().fields.q).toBe(
      MSG.peopleSearchTooLong,
    );
    expect((await t.get('/v1/api/people')).statusCode).toBe(401);
    expect((await t.get('/v1/api/people', other)).statusCode).toBe(403);
  });
});
