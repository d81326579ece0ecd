// New passwords: not one of the 10,000 most common, leetspeak and trailing digits undone, and not the user's
// name or e-mail; checked wherever a password is set (issue 13 finding 4). Demo accounts keep Passw0rd!.
import { MSG, ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser, PASSWORD, registrationBody } from '../../../test/factories';
import { basic, login, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { users } from '../../db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed-demo';
import { passwordProblem } from '../../platform/auth/password-policy';

const t = useTestApp();
let g: Awaited<ReturnType<typeof createGroups>>;
let seeded = false;

beforeAll(async () => {
  // The demo seed only runs on a database without users: first, then.
  seeded = await seedDemo(t.db);
  g = await createGroups(t.db);
});

const STRONG = 'Quill-Lantern-2026!';
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const refusedWith = (
  res: { statusCode: number; json(): { error: string; fields?: object } },
  message: string,
) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: message, code: 'invalid_input', fields: { password: message } });
};

describe('the policy', () => {
  const owner = { firstName: 'Nomsa', lastName: 'Dlamini', email: 'n.dlamini@example.org' };

  it('refuses common passwords however they are dressed up', async () => {
    for (const password of [
      'Passw0rd!',
      'P@ssw0rd123',
      'PASSWORD1!',
      'Qwerty123!',
      'Welcome1!',
      'Summer2024!',
      'Dr@g0n#1',
      'Tru$tno1!',
      'Ilov3you!!',
      '1Letmein!',
    ]) {
      expect([password, await passwordProblem(password, owner)]).toEqual([password, MSG.passwordTooCommon]);
    }
  });

  it('refuses the owner name and e-mail local part in any case, leetspeak too', async () => {
    for (const password of ['Nomsa#2026x', 'xX-DLAMINI-9!', 'Dl@m1ni#77z', 'My-Dlamini-Pass1']) {
      expect([password, await passwordProblem(password, owner)]).toEqual([
        password,
        MSG.passwordHasPersonalInfo,
      ]);
    }
    // The e-mail's local part, whole or by its parts.
    const mail = { firstName: 'A', lastName: 'B', email: 'thabo.mokoena@example.org' };
    expect(await passwordProblem('Mokoena#Rocks9', mail)).toBe(MSG.passwordHasPersonalInfo);
    expect(await passwordProblem('x-Thabo.Mokoena-1!', mail)).toBe(MSG.passwordHasPersonalInfo);
  });

  it('refuses the brand name and the words of the company domains, dressed up or not (issue 30, L1)', async () => {
    // The test app's BRAND_NAME is Hearth, its COMPANY_EMAIL_DOMAINS example.com and example.org.
    for (const password of [
      'Hearth2026!',
      'hearth#2026',
      'H3@rth-Quill9',
      'My-Example-77!',
      '3x@mple#Quill9',
    ])
      expect([password, await passwordProblem(password, owner)]).toEqual([
        password,
        MSG.passwordHasCompanyName,
      ]);
    // The top-level domain is no word of the company's.
    expect(await passwordProblem('Comet#Orgy-Quill9', owner)).toBeUndefined();
  });

  it('accepts strong passwords, and ignores name parts too short to give anything away', async () => {
    expect(await passwordProblem(STRONG, owner)).toBeUndefined();
    expect(
      await passwordProblem('Annual#Plan77', { firstName: 'Ann', lastName: 'Li', email: 'al@x.org' }),
    ).toBe(undefined);
  });
});

describe('everywhere a password is set', () => {
  it('register refuses a common password and one containing the name, storing nothing', async () => {
    const common = registrationBody(g, { password: 'Passw0rd!' });
    refusedWith(await post('/v1/auth/register', common), MSG.passwordTooCommon);
    const named = registrationBody(g, { password: 'Dlamini#2026' });
    refusedWith(await post('/v1/auth/register', named), MSG.passwordHasPersonalInfo);
    const local = registrationBody(g, { email: 'zanele.khumalo@example.org', password: 'Zanele.K#99' });
    refusedWith(await post('/v1/auth/register', local), MSG.passwordHasPersonalInfo);
    const brand = registrationBody(g, { password: 'Hearth2026!' });
    refusedWith(await post('/v1/auth/register', brand), MSG.passwordHasCompanyName);
    for (const body of [common, named, local, brand]) {
      const rows = await t.db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
      expect(rows).toEqual([]);
    }
    expect((await post('/v1/auth/register', registrationBody(g, { password: STRONG }))).statusCode).toBe(201);
  });

  it('set-password through a reset link checks against that user, and the link stays usable', async () => {
    const user = await createUser(t.db, { firstName: 'Lerato', lastName: 'Ndlovu' });
    await post('/v1/auth/reset-password', { email: user.email });
    await t.mailbox.waitFor(user.email);
    const token = t.mailbox.tokenFor(user.email, '/reset-password');
    refusedWith(await post('/v1/auth/set-password', { token, password: 'P@ssw0rd1' }), MSG.passwordTooCommon);
    refusedWith(
      await post('/v1/auth/set-password', { token, password: 'Ler@to#2026' }),
      MSG.passwordHasPersonalInfo,
    );
    expect((await post('/v1/auth/set-password', { token, password: STRONG })).statusCode).toBe(200);
    await login(t.app, user.email, STRONG);
  });

  it('change password refuses them on the password field and keeps the old one', async () => {
    const u = await userWithSession(t.app, t.db, { firstName: 'Sipho', lastName: 'Zulu' });
    const change = (password: string) =>
      post('/v1/api/users/update-password', { id: u.user.id, oldPassword: PASSWORD, password }, u.headers);
    refusedWith(await change('Passw0rd!'), MSG.passwordTooCommon);
    refusedWith(await change('S1pho#Secure'), MSG.passwordHasPersonalInfo);
    await login(t.app, u.user.email, PASSWORD);
  });

  it('admin create and update refuse them against the form name and e-mail', async () => {
    const admin = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
    const body = (over: Record<string, unknown> = {}) => ({
      firstName: 'Kagiso',
      lastName: 'Molefe',
      email: `kagiso.${Date.now()}@example.org`,
      phone: '',
      password: STRONG,
      roleId: ROLE.STAFF,
      groups: [],
      ...over,
    });
    const create = (payload: object) => post('/v1/api/users', payload, admin.headers);
    refusedWith(await create(body({ password: 'Welcome1!' })), MSG.passwordTooCommon);
    refusedWith(await create(body({ password: 'Molefe#2026' })), MSG.passwordHasPersonalInfo);
    const created = await create(body());
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    const edit = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/v1/api/users/${id}`,
        headers: admin.headers,
        payload: body({ email: row?.email, password }),
      });
    refusedWith(await edit('Qwerty123!'), MSG.passwordTooCommon);
    refusedWith(await edit('K@giso-Rules1'), MSG.passwordHasPersonalInfo);
    expect((await edit('')).statusCode).toBe(200);
    await login(t.app, row?.email ?? '', STRONG);
  });
});

describe('demo accounts', () => {
  it('keep logging in with Passw0rd!, which they were seeded with, not set through the policy', async () => {
    expect(seeded).toBe(true);
    const res = await post('/v1/auth/login', undefined, {
      authorization: basic('admin@example.com', DEMO_PASSWORD),
    });
    expect(res.statusCode).toBe(200);
    const staff = await login(t.app, 'staff@example.com', DEMO_PASSWORD);
    const again = await post(
      '/v1/api/users/update-password',
      { id: staff.id, oldPassword: DEMO_PASSWORD, password: DEMO_PASSWORD },
      { authorization: `Bearer ${staff.accessToken}` },
    );
    refusedWith(again, MSG.passwordTooCommon);
  });
});
