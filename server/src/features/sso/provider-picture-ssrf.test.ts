// The provider's `picture` claim is an address someone else chose (ADR 017): replayed WITHOUT any
// allowance, with only an injected resolver (no DNS in tests) and the production rule (public addresses
// only). Pictures on loopback, private, link-local (cloud metadata) and mapped addresses, and names that
// resolve to one, never reach the local listener that would catch them, and the sign-in succeeds without an
// image all the same.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useConnectionTrap } from '../../../test/connection-trap';
import { settled } from '../../../test/jobs';
import { capturingLogger } from '../../../test/log-capture';
import { useTestApp } from '../../../test/use-test-app';
import { users } from '../../db/schema';
import { clientRegistration, handOff, providerConfig, signIn } from './test-kit';
import { startTestProvider, type TestProvider } from './test-support';

const PUBLIC = '93.184.215.14';
/** What each test name resolves to. */
const dns: Record<string, string[]> = {
  'loopback.test': ['127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'private.test': ['10.0.0.8'],
  // One public and one internal address: the connection might take either, so the name is refused.
  'mixed.test': [PUBLIC, '127.0.0.1'],
};

let idp: TestProvider;
beforeAll(async () => {
  idp = await startTestProvider(clientRegistration());
});
afterAll(() => idp.close());

const logLines: { msg?: string; userId?: number; code?: string; picture?: string }[] = [];
const t = useTestApp({
  config: () => ({ oidcProviders: [providerConfig(idp.issuer)] }),
  deps: () => ({
    logger: capturingLogger('warn', (line) => logLines.push(JSON.parse(line))),
    providerPictures: {
      resolve: async (host) =>
        (dns[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    },
  }),
});

/** A listener on every local address (dual stack): any connection the fetch makes locally lands here. */
const trap = useConnectionTrap();

let seq = 0;
const account = (picture: string) => {
  const sub = `ssrf-${++seq}-${Date.now().toString(36)}`;
  idp.accounts.set(sub, { email: `${sub}@corp.example`, email_verified: true, given_name: 'Eve', picture });
  return sub;
};

describe('a picture on an internal address is refused before connecting', () => {
  const targets = [
    '127.0.0.1',
    '[::1]',
    '[::ffff:127.0.0.1]',
    '10.0.0.8',
    '169.254.169.254',
    'loopback.test',
    'metadata.test',
    'private.test',
    'mixed.test',
  ];
  it.each(targets)('%s', async (host) => {
    const picture = `https://${host}:${trap.port}/avatar.png`;
    const { callback, jar } = await signIn(t, account(picture));
    expect(String(callback.headers.location)).toMatch(/^\/sso\/complete/);
    const session = await handOff(t, jar);
    expect(session.statusCode).toBe(200);
    const userId = session.json().data.id as number;
    await settled(t.app, 'providerPicture');

    expect(trap.connections).toBe(0);
    const [user] = await t.db
      .select({ image: users.profileImageFileId })
      .from(users)
      .where(eq(users.id, userId));
    expect(user?.image).toBeNull();
    const line = logLines.find((l) => l.msg === 'provider picture ignored' && l.userId === userId);
    expect(line?.code).toBe('ERR_ADDRESS_REFUSED');
  });
});
