// The administrators' "password sign-in allowed" setting (issue 19): off for a domain, password login,
// registration and password reset refuse its addresses while the company sign-in still works; off
// everywhere only when a provider is configured.
import { ROLE } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, registrationBody } from '../../../test/factories';
import { basic } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { savePasswordSignIn } from '../auth/password-sign-in';
import { clientRegistration, handOff, providerConfig, signIn } from './test-kit';
import { startTestProvider, type TestProvider } from './test-support';

let idp: TestProvider;
beforeAll(async () => {
  idp = await startTestProvider(clientRegistration());
});
afterAll(() => idp.close());

const t = useTestApp({
  users: { admin: ROLE.ADMIN, staff: ROLE.STAFF, editor: ROLE.EDITOR },
  groups: ['here'],
  config: () => ({
    oidcProviders: [providerConfig(idp.issuer)],
    companyEmailDomains: ['example.org', 'group.example'],
  }),
});
const URL_ = '/v1/api/settings/password-sign-in';

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { authorization: basic(email, password) } });

describe('the setting', () => {
  it('is for administrators only', async () => {
    expect((await t.get(URL_)).statusCode).toBe(401);
    expect((await t.get(URL_, t.users.staff)).statusCode).toBe(403);
    expect((await t.get(URL_, t.users.editor)).statusCode).toBe(403);
    expect((await t.call('PUT', URL_, t.users.staff, { allowed: true, ssoOnlyDomains: [] })).statusCode).toBe(
      403,
    );
    const res = await t.get(URL_, t.users.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ allowed: true, ssoOnlyDomains: [] });
  });

  it('refuses what is not a domain, with the field named', async () => {
    const res = await t.call('PUT', URL_, t.users.admin, { allowed: true, ssoOnlyDomains: ['not a domain'] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['ssoOnlyDomains']);
    expect((await t.call('PUT', URL_, t.users.admin, { allowed: 'no' })).statusCode).toBe(400);
  });

  it('cannot lock everybody out: off everywhere needs a configured provider', async () => {
    await expect(savePasswordSignIn(t.db, { allowed: false, ssoOnlyDomains: [] }, 0)).rejects.toMatchObject({
      status: 400,
      fields: { allowed: expect.any(String) },
    });
    // With a provider it is taken (and put back for the tests below).
    const off = await t.call('PUT', URL_, t.users.admin, { allowed: false, ssoOnlyDomains: [] });
    expect(off.json().data).toEqual({ allowed: false, ssoOnlyDomains: [] });
    expect((await t.get('/v1/auth/sso/providers')).json().data.passwordSignIn.allowed).toBe(false);
    await t.call('PUT', URL_, t.users.admin, { allowed: true, ssoOnlyDomains: [] });
  });
});

describe('password sign-in off for a domain', () => {
  it('refuses password login, registration and reset for its addresses, not for others; SSO still works', async () => {
    const inside = await createUser(t.db, { email: `pat${Date.now()}@group.example` });
    const outside = await createUser(t.db, { email: `sam${Date.now()}@example.org` });
    expect((await login(inside.email, inside.password)).statusCode).toBe(200);

    const saved = await t.call('PUT', URL_, t.users.admin, {
      allowed: true,
      ssoOnlyDomains: ['@Group.Example'],
    });
    expect(saved.json(), saved.body).toMatchObject({
      data: { allowed: true, ssoOnlyDomains: ['group.example'] },
    });

    const refused = await login(inside.email, inside.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'password_sign_in_off',
      fields: { email: expect.any(String) },
    });
    // A wrong password gets the same answer: the domain decides, before the account is looked at.
    expect((await login(inside.email, 'wrong')).statusCode).toBe(403);
    expect((await login(outside.email, outside.password)).statusCode).toBe(200);

    const register = await t.call(
      'POST',
      '/v1/auth/register',
      undefined,
      registrationBody(t.groups.here, { email: `new${Date.now()}@group.example` }),
    );
    expect(register.statusCode).toBe(403);
    expect(register.json().fields.email).toBeTruthy();
    const registerOutside = await t.call(
      'POST',
      '/v1/auth/register',
      undefined,
      registrationBody(t.groups.here),
    );
    expect(registerOutside.statusCode).toBe(201);

    const reset = await t.call('POST', '/v1/auth/reset-password', undefined, { email: inside.email });
    expect(reset.statusCode).toBe(403);
    expect(
      (await t.call('POST', '/v1/auth/reset-password', undefined, { email: outside.email })).statusCode,
    ).toBe(200);

    // The company sign-in of the same address still works (and links the account: the provider vouches).
    const sub = `pat-${Date.now()}`;
    idp.accounts.set(sub, {
      email: inside.email,
      email_verified: true,
      given_name: 'Pat',
      family_name: 'Lee',
    });
    const { jar } = await signIn(t, sub);
    const session = await handOff(t, jar);
    expect(session.statusCode).toBe(200);
    expect(session.json().data.id).toBe(inside.id);

    await t.call('PUT', URL_, t.users.admin, { allowed: true, ssoOnlyDomains: [] });
    expect((await login(inside.email, inside.password)).statusCode).toBe(200);
  });
});
