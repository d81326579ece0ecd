// The picture of a company sign-in (issue 19): a real OpenID provider (test-support.ts) whose `picture`
// claim names a local HTTPS picture server (picture-test-support.ts). Only this file allows that server's
// address (127.0.0.1, as `pictures.test`) and trusts its certificate; provider-picture-ssrf.test.ts runs
// the production rule. Every refusal leaves the sign-in done and the user without an image.
import { LIMITS, MSG } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { settled } from '../../../test/jobs';
import { capturingLogger } from '../../../test/log-capture';
import { useTestApp } from '../../../test/use-test-app';
import { files, users } from '../../db/schema';
import { selfSignedCertificate } from '../notifications/push-test-support';
import { setProfileImage, setProfileImageIfNone } from '../profile/service';
import { type PictureServer, samplePng, startPictureServer } from './picture-test-support';
import { callWithCookies, clientRegistration, handOff, providerConfig, signIn } from './test-kit';
import { CookieJar, loginAtProvider, startTestProvider, type TestProvider } from './test-support';

const HOST = 'pictures.test';
/** Resolves to a private address, which the rule refuses (a redirect there must be refused). */
const PRIVATE_HOST = 'intranet.test';
/** The deadline of this file: short, so the hanging server's tests are quick. */
const TIMEOUT_MS = 1500;

let tls: { key: string; cert: string };
let idp: TestProvider;
let pictures: PictureServer;
let base: string;
const logLines: { msg?: string; picture?: string; reason?: string; code?: string; userId?: number }[] = [];

// Before the app starts: the app is configured with the provider's issuer.
beforeAll(async () => {
  idp = await startTestProvider(clientRegistration());
});
afterAll(() => idp.close());

const t = useTestApp({
  config: () => ({ oidcProviders: [providerConfig(idp.issuer)] }),
  deps: () => {
    tls = selfSignedCertificate(HOST);
    return {
      logger: capturingLogger('warn', (line) => logLines.push(JSON.parse(line))),
      providerPictures: {
        resolve: async (host) =>
          host === HOST
            ? [{ address: '127.0.0.1', family: 4 }]
            : host === PRIVATE_HOST
              ? [{ address: '10.20.30.40', family: 4 }]
              : [],
        allows: (address) => address === '127.0.0.1',
        ca: tls.cert,
        timeoutMs: TIMEOUT_MS,
      },
    };
  },
});

beforeAll(async () => {
  pictures = await startPictureServer(tls, { private: PRIVATE_HOST, http: HOST });
  base = `https://${HOST}:${pictures.port}`;
});
afterAll(() => pictures.close());

let seq = 0;
/** A provider account with fresh sub and address, and these claims. */
function account(claims: Record<string, unknown> = {}) {
  const sub = `pic-${++seq}-${Date.now().toString(36)}`;
  idp.accounts.set(sub, {
    email: `${sub}@corp.example`,
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    ...claims,
  });
  return sub;
}

/** Signs in as `sub` to the end (the session answered), then lets the picture job run; answers the user. */
async function signInAndSettle(sub: string): Promise<number> {
  return (await signInWithSession(sub)).id;
}

async function signInWithSession(sub: string): Promise<{ id: number; accessToken: string }> {
  const { callback, jar } = await signIn(t, sub);
  expect(callback.statusCode).toBe(302);
  expect(String(callback.headers.location)).toMatch(/^\/sso\/complete/);
  const session = await handOff(t, jar);
  expect(session.statusCode).toBe(200);
  await settled(t.app, 'providerPicture');
  return session.json().data;
}

const imageOf = async (userId: number) =>
  (
    await t.db
      .select({ fileId: users.profileImageFileId, key: files.storageKey, mimeType: files.mimeType })
      .from(users)
      .leftJoin(files, eq(files.id, users.profileImageFileId))
      .where(eq(users.id, userId))
  )[0];

const metadataOf = async (key: string) => t.app.storage.withLocalFile(key, (path) => sharp(path).metadata());

/** The warning logged for `userId`'s refused picture. */
const refusalOf = (userId: number) =>
  logLines.find((l) => l.msg === 'provider picture ignored' && l.userId === userId);

describe('the picture of the claims', () => {
  it('becomes the profile image of a new user: an 800x800 JPEG, as an upload would be', async () => {
    const { id: userId, accessToken } = await signInWithSession(
      account({ picture: `${base}/avatar.png?sig=s3cret` }),
    );
    const image = await imageOf(userId);
    expect(image?.fileId).not.toBeNull();
    expect(image?.mimeType).toBe('image/jpeg');
    const meta = await metadataOf(image?.key ?? '');
    expect(meta).toMatchObject({
      format: 'jpeg',
      width: LIMITS.profileImageSize,
      height: LIMITS.profileImageSize,
    });
    // The profile answers it as it answers an uploaded one.
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/api/users/profile-image/${userId}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.url).toContain(image?.key);
    expect(pictures.requested).toContain('/avatar.png?sig=s3cret');
  });

  it('follows up to two redirects', async () => {
    const userId = await signInAndSettle(account({ picture: `${base}/two-hops` }));
    expect((await imageOf(userId))?.fileId).not.toBeNull();
  });

  it('is fetched once: a later sign-in neither fetches it again nor replaces the image', async () => {
    const sub = account({ picture: `${base}/avatar.png?user=again` });
    const userId = await signInAndSettle(sub);
    const first = await imageOf(userId);
    expect(first?.fileId).not.toBeNull();
    await signInAndSettle(sub);
    expect(await imageOf(userId)).toEqual(first);
    expect(pictures.requested.filter((p) => p === '/avatar.png?user=again')).toHaveLength(1);
  });
});

describe('a user who has a profile image', () => {
  it('keeps it when the provider names a picture', async () => {
    const existing = await createUser(t.db, { email: `chosen${Date.now()}@corp.example` });
    const jpeg = await sharp(await samplePng())
      .resize(LIMITS.profileImageSize, LIMITS.profileImageSize)
      .jpeg()
      .toBuffer();
    const chosen = await setProfileImage(t.db, t.app.storage, existing.id, { jpeg });
    const sub = account({ email: existing.email, picture: `${base}/avatar.png?user=chosen` });
    const userId = await signInAndSettle(sub);
    expect(userId).toBe(existing.id);
    expect((await imageOf(userId))?.fileId).toBe(chosen.fileId);
    // Seen before fetching: the picture server was not asked.
    expect(pictures.requested).not.toContain('/avatar.png?user=chosen');
  });

  it('keeps it when it was uploaded while the picture was on its way (checked under the row lock)', async () => {
    const user = await createUser(t.db);
    const jpeg = await sharp(await samplePng())
      .resize(LIMITS.profileImageSize, LIMITS.profileImageSize)
      .jpeg()
      .toBuffer();
    const chosen = await setProfileImage(t.db, t.app.storage, user.id, { jpeg });
    const late = await setProfileImageIfNone(t.db, t.app.storage, user.id, { jpeg });
    expect(late).toBeUndefined();
    expect((await imageOf(user.id))?.fileId).toBe(chosen.fileId);
    // No file row was left behind for the picture that was not taken.
    const rows = await t.db.select({ id: files.id }).from(files).where(eq(files.createdById, user.id));
    expect(rows).toHaveLength(1);
  });
});

describe('a picture that is refused is ignored: the sign-in succeeds, the user has no image', () => {
  const refused: [string, () => string, RegExp | string, string?][] = [
    ['an http:// address', () => `http://${HOST}:${pictures.port}/avatar.png`, /https/],
    ['credentials in the address', () => `https://me:pw@${HOST}:${pictures.port}/avatar.png`, /credentials/],
    ['a redirect to http://', () => `${base}/to-http`, /not https/],
    [
      'a redirect to a private address',
      () => `${base}/to-private`,
      /refused to reach/,
      'ERR_ADDRESS_REFUSED',
    ],
    ['a third redirect', () => `${base}/three-hops`, /too many redirects/],
    ['a page that is not an image', () => `${base}/page.html`, /content type text\/html/],
    ['an SVG', () => `${base}/svg`, /content type image\/svg\+xml/],
    ['a body that is not an image although called one', () => `${base}/not-a.png`, MSG.imageTypeOnly],
    ['a body announced over the limit', () => `${base}/announced-huge.png`, /too large/],
    ['a body over the limit, unannounced', () => `${base}/huge.png`, /too large/],
    ['a missing picture (404)', () => `${base}/gone.png`, /answered 404/],
    ['an address that resolves to nothing', () => `https://nowhere.test:${pictures.port}/a.png`, /refused/],
  ];
  it.each(refused)('%s', async (_name, address, reason, code) => {
    const picture = address();
    const started = Date.now();
    const userId = await signInAndSettle(account({ picture }));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
    expect((await imageOf(userId))?.fileId).toBeNull();
    if (picture.startsWith('http:')) {
      // Not even queued: the claim is not an https address.
      expect(logLines.some((l) => l.userId === userId && /not an https address/.test(l.msg ?? ''))).toBe(
        true,
      );
      return;
    }
    const line = refusalOf(userId);
    expect(line?.reason).toMatch(reason);
    if (code) expect(line?.code).toBe(code);
    // The log has the address without its query.
    expect(line?.picture).toBe(picture.replace(/\?.*$/, '').replace(/\/\/me:pw@/, '//'));
  });

  it('a refused picture is not fetched again at every sign-in', async () => {
    const sub = account({ picture: `${base}/gone.png?user=twice` });
    const userId = await signInAndSettle(sub);
    await signInAndSettle(sub);
    expect(pictures.requested.filter((p) => p === '/gone.png?user=twice')).toHaveLength(1);
    expect((await imageOf(userId))?.fileId).toBeNull();
  });

  it('a server that never answers is given up after the deadline', async () => {
    const before = pictures.requested.length;
    const started = Date.now();
    const userId = await signInAndSettle(account({ picture: `${base}/never?token=abc` }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(pictures.requested.slice(before)).toContain('/never?token=abc');
    expect((await imageOf(userId))?.fileId).toBeNull();
    const line = refusalOf(userId);
    expect(line?.picture).toBe(`${base}/never`);
    expect(line?.reason).toMatch(/abort|timeout/i);
  });

  it('a body that stops coming is given up after the deadline', async () => {
    const userId = await signInAndSettle(account({ picture: `${base}/stalls` }));
    expect((await imageOf(userId))?.fileId).toBeNull();
    expect(refusalOf(userId)?.reason).toMatch(/abort|timeout/i);
  });

  it('the sign-in does not wait for the picture', async () => {
    const jar = new CookieJar();
    const start = await t.call('GET', '/v1/auth/sso/corp/start');
    jar.take(start.headers);
    const back = new URL(
      await loginAtProvider(String(start.headers.location), account({ picture: `${base}/never?wait=no` })),
    );
    const started = Date.now();
    const callback = await callWithCookies(t, 'GET', back.pathname + back.search, jar);
    expect(String(callback.headers.location)).toMatch(/^\/sso\/complete/);
    // The picture server never answers, and the callback answered well before the fetch's deadline.
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    expect(await t.app.jobs.pending('providerPicture')).toBe(1);
    await settled(t.app, 'providerPicture');
  });
});
