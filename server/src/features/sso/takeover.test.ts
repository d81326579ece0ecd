// Issue 30, H2: an outsider registers a password account for an address nobody has proven (a new hire's),
// then the owner signs in with the company provider. Linking must take the account over for its owner:
// the outsider's password, sessions and what they filled in go. Replayed through a real OpenID provider.
import { GROUP_TYPE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { files, groups, refreshTokens, userGroups, userIdentities, users } from '../../db/schema';
import { clientRegistration, handOff, providerConfig, signIn } from './test-kit';
import { startTestProvider, type TestProvider } from './test-support';

let idp: TestProvider;
beforeAll(async () => {
  idp = await startTestProvider(clientRegistration());
});
afterAll(() => idp.close());

const t = useTestApp({ config: () => ({ oidcProviders: [providerConfig(idp.issuer)] }) });

const place: Record<string, number> = {};
beforeAll(async () => {
  const rows = await t.db
    .insert(groups)
    .values([
      { name: 'Takeover Berlin', groupTypeId: GROUP_TYPE.LOCATION },
      { name: 'Takeover Lisbon', groupTypeId: GROUP_TYPE.LOCATION },
      { name: 'Takeover Finance', groupTypeId: GROUP_TYPE.DEPARTMENT },
      { name: 'Takeover Legal', groupTypeId: GROUP_TYPE.DEPARTMENT },
    ])
    .returning();
  for (const row of rows) place[row.name] = row.id;
});

const OUTSIDER_PASSWORD = 'Outsider#Pass9';
const passwordLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { authorization: basic(email, password) } });
const groupsOf = async (userId: number) =>
  (await t.db.select({ id: userGroups.groupId }).from(userGroups).where(eq(userGroups.userId, userId)))
    .map((r) => r.id)
    .sort();

describe('an unverified account with the address the provider vouches for', () => {
  it('is taken over by the owner: the outsider password, sessions and details are gone', async () => {
    const email = `new.hire.${Date.now().toString(36)}@example.org`;
    const registered = await t.call('POST', '/v1/auth/register', undefined, {
      firstName: 'Mallory',
      lastName: 'Lookalike',
      email,
      password: OUTSIDER_PASSWORD,
      phone: '+27 82 666 0000',
      userTypeId: 2,
      groups: [place['Takeover Lisbon'], place['Takeover Legal']],
    });
    expect(registered.statusCode).toBe(201);
    const [outsider] = await t.db.select().from(users).where(eq(users.email, email));
    if (!outsider) throw new Error('the outsider account was not created');
    // What the outsider may also have put on the account: a job title and a picture.
    const [picture] = await t.db
      .insert(files)
      .values({
        storageKey: `takeover-${outsider.id}.jpg`,
        mimeType: 'image/jpeg',
        resourceType: 'image',
        size: 1,
      })
      .returning();
    await t.db
      .update(users)
      .set({ jobTitle: 'Chief Executive', profileImageFileId: picture?.id })
      .where(eq(users.id, outsider.id));
    // A session the account might hold (issued before the takeover, by whatever means).
    await t.db.insert(refreshTokens).values({
      userId: outsider.id,
      familyId: 'outsider-family',
      tokenHash: `outsider-${outsider.id}`,
      remember: true,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect((await passwordLogin(email, OUTSIDER_PASSWORD)).statusCode).toBe(403);

    const sub = `owner-${Date.now().toString(36)}`;
    idp.accounts.set(sub, {
      email,
      email_verified: true,
      given_name: 'Olivia',
      family_name: 'Owner',
      office: 'Takeover Berlin',
      department: 'Takeover Finance',
    });
    const session = await handOff(t, (await signIn(t, sub)).jar);
    expect(session.statusCode).toBe(200);
    const profile = session.json().data;
    expect(profile.id).toBe(outsider.id);
    expect(profile).toMatchObject({ firstName: 'Olivia', lastName: 'Owner', email });

    // The outsider's password opens nothing any more.
    const after = await passwordLogin(email, OUTSIDER_PASSWORD);
    expect(after.statusCode).toBe(401);

    const [row] = await t.db.select().from(users).where(eq(users.id, outsider.id));
    expect(row).toMatchObject({
      isVerified: true,
      firstName: 'Olivia',
      lastName: 'Owner',
      phone: null,
      jobTitle: null,
      profileImageFileId: null,
    });
    expect(row?.passwordHash).not.toBe(outsider.passwordHash);
    expect(row?.tokenVersion).toBeGreaterThan(outsider.tokenVersion);
    // Only the provider's location and department remain.
    expect(await groupsOf(outsider.id)).toEqual([place['Takeover Berlin'], place['Takeover Finance']].sort());
    const [old] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, 'outsider-family'));
    expect(old?.revokedAt).toBeInstanceOf(Date);
    const links = await t.db.select().from(userIdentities).where(eq(userIdentities.userId, outsider.id));
    expect(links).toMatchObject([{ provider: 'corp', subject: sub }]);
    // The owner's own session, made after the takeover, works.
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/api/users/actions',
      headers: { authorization: `Bearer ${profile.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
  });
});
