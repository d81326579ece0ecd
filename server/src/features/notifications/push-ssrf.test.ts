// Issue 13, finding 9 (SSRF through web push), replayed WITHOUT any allowance: the app has only an injected
// resolver (no DNS in tests) and the production rule (public addresses only). Every internal address class
// is refused at registration (400, fields.endPoint), and at send time: subscriptions that name internal
// addresses (stored before the fix, or a name whose DNS answer changed since registration, rebinding) never
// reach the local listener that would catch them, although a plain socket reaches it from every address.
import { connect as rawConnect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { MSG, ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { useConnectionTrap } from '../../../test/connection-trap';
import { lineWriter } from '../../../test/log-capture';
import { useTestApp } from '../../../test/use-test-app';
import { pushSubscriptions } from '../../db/schema';
import { createCategory } from '../feed/test-support';
import { browserKeys, publishAndPush } from './push-test-support';

const PUBLIC = '93.184.215.14';

/** What each test name resolves to; changed by the tests (a rebinding DNS server). */
const dns = new Map<string, string[]>();
/** Every name the app resolved, in order. */
const lookups: string[] = [];

const t = useTestApp({
  users: { admin: ROLE.ADMIN, staff: ROLE.STAFF },
  deps: () => ({
    logger: pino(
      { level: 'warn' },
      lineWriter((line) => logLines.push(JSON.parse(line))),
    ),
    push: {
      resolve: async (host) => {
        lookups.push(host);
        return (dns.get(host) ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      },
    },
  }),
});
const { admin, staff } = t.users;
let categoryId: number;
/** A listener on every local address (dual stack): any connection the sender makes locally lands here. */
const trap = useConnectionTrap();
/** The app's log: each refused delivery is a `web push failed` line saying why. */
const logLines: { msg?: string; endpoint?: string; err?: { code?: string } }[] = [];

beforeAll(async () => {
  categoryId = (await createCategory(t.db)).id;
});

const register = (endPoint: string) => {
  const keys = browserKeys();
  return t.app.inject({
    method: 'POST',
    url: '/v1/api/users/register-notification',
    headers: staff.headers,
    payload: { endPoint, mkey: keys.mkey, authSecret: keys.authSecret },
  });
};

/** Publishes a post for everyone and waits for its push job (which delivers to every subscription). */
const publish = () => publishAndPush(t.app, admin.headers, categoryId, 'Internal?');

/** The machine's own addresses besides loopback (here private, documentation or unique-local ones). */
const ownAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((i) => i && !i.internal && !i.address.startsWith('fe80'))
  .map((i) => i?.address as string);

/** Addresses that reach the trap listener on this machine, one of each class it can catch. */
const LOCAL_TARGETS = ['127.0.0.1', '127.0.0.2', '0.0.0.0', '::1', '::ffff:127.0.0.1', ...ownAddresses];

/** One address of every other blocked class: no local listener catches them, the log says they were refused. */
const OTHER_BLOCKED = [
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '100.64.0.1',
  '169.254.169.254',
  '192.0.0.8',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  '::ffff:169.254.169.254',
  '64:ff9b::a9fe:a9fe',
  'fc00::1',
  'fe80::1',
  'ff02::1',
  '2001:db8::1',
  '2002:a9fe:a9fe::1',
];

/** Why each delivery to these endpoints failed, from the log (undefined: no failure logged). */
const failures = (endpoints: string[]) =>
  endpoints.map((endpoint) => {
    const line = logLines.find((l) => l.msg === 'web push failed' && l.endpoint === endpoint);
    return [endpoint, line?.err?.code];
  });

describe('registration refuses internal endpoints', () => {
  const refusedEndpoints = [
    'https://127.0.0.1/push',
    'https://127.9.9.9/push',
    'https://2130706433/push', // 127.0.0.1 written as a number
    'https://0x7f.1/push',
    'https://0.0.0.0/push',
    'https://localhost/push', // not in the test resolver: resolves to nothing
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[::ffff:a9fe:a9fe]/latest', // 169.254.169.254, mapped
    'https://169.254.169.254/latest/meta-data/',
    'https://10.1.2.3/push',
    'https://172.16.5.4/push',
    'https://192.168.1.1/push',
    'https://100.64.0.1/push',
    'https://224.0.0.1/push',
    'https://240.0.0.1/push',
    'https://255.255.255.255/push',
    'https://[fc00::1]/push',
    'https://[fd00::2]/push',
    'https://[fe80::1]/push',
    'https://[ff02::1]/push',
    `http://${PUBLIC}/push`, // plain http, even to a public address
    'http://push.public.test/push',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'ftp://push.public.test/push',
    'https://user:secret@push.public.test/push', // credentials in the URL
    'https://private.test/push', // a name resolving to a private address
    'https://mixed.test/push', // a name resolving to a public and a loopback address
    'https://metadata.test/computeMetadata/v1/', // a name resolving to the metadata service
    'https://nowhere.test/push', // a name that does not resolve
  ];

  it.each(refusedEndpoints)('refuses %s with 400 on endPoint', async (endPoint) => {
    dns.set('push.public.test', [PUBLIC]);
    dns.set('private.test', ['10.0.0.7']);
    dns.set('mixed.test', [PUBLIC, '127.0.0.1']);
    dns.set('metadata.test', ['169.254.169.254']);
    const res = await register(endPoint);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: MSG.pushEndpointRefused,
      fields: { endPoint: MSG.pushEndpointRefused },
    });
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endPoint));
    expect(rows).toHaveLength(0);
  });

  it('accepts https on a name resolving to public addresses only (IPv4 and IPv6)', async () => {
    dns.set('fcm.public.test', [PUBLIC, '2606:4700::1111']);
    const endPoint = 'https://fcm.public.test/fcm/send/abc';
    expect((await register(endPoint)).statusCode).toBe(201);
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endPoint));
  });
});

describe('delivery refuses internal addresses as it connects', () => {
  it('the trap catches a plain socket from every local target (so a refused delivery below means something)', async () => {
    for (const host of LOCAL_TARGETS) {
      await new Promise<void>((ok, fail) => {
        const s = rawConnect({ host, port: trap.port }, () => {
          s.destroy();
          ok();
        });
        s.on('error', fail);
      });
    }
    await expect.poll(() => trap.connections).toBe(LOCAL_TARGETS.length);
    trap.connections = 0;
  });

  it('a name public at registration and loopback at send time (DNS rebinding) is never connected to', async () => {
    dns.set('rebind.test', [PUBLIC]);
    const endPoint = `https://rebind.test:${trap.port}/push/rebound`;
    expect((await register(endPoint)).statusCode).toBe(201);
    dns.set('rebind.test', ['127.0.0.1']);
    lookups.length = 0;
    await publish();
    // The sender did try: it resolved the name at send time, got loopback, and refused to connect.
    expect(lookups).toContain('rebind.test');
    expect(trap.connections).toBe(0);
  });

  it('stored endpoints naming every internal class, as literals or names, are never connected to', async () => {
    const endpoints: string[] = [];
    [...LOCAL_TARGETS, ...OTHER_BLOCKED].forEach((address, i) => {
      dns.set(`internal-${i}.test`, [address]);
      endpoints.push(`https://internal-${i}.test:${trap.port}/push`);
      const literal = address.includes(':') ? `[${address}]` : address;
      endpoints.push(`https://${literal}:${trap.port}/push`);
    });
    dns.set('half.test', [PUBLIC, '127.0.0.1']);
    endpoints.push(`https://half.test:${trap.port}/push`);
    // Rows as they may exist from before the fix: registration would refuse them now.
    const plain = [`http://127.0.0.1:${trap.port}/push`, `http://${PUBLIC}/push`];
    const keys = browserKeys();
    await t.db.insert(pushSubscriptions).values(
      [...endpoints, ...plain].map((endpoint) => ({
        userId: staff.user.id,
        endpoint,
        p256dh: keys.mkey,
        auth: keys.authSecret,
      })),
    );
    lookups.length = 0;
    logLines.length = 0;
    await publish();
    expect(trap.connections).toBe(0);
    expect(trap.open.size).toBe(0);
    // Each one was tried and refused for its address (names at the socket's lookup, literals before it),
    // not timed out or unreachable; plain http is refused for its scheme.
    expect(failures(endpoints)).toEqual(endpoints.map((e) => [e, 'ERR_ADDRESS_REFUSED']));
    expect(failures(plain)).toEqual(plain.map((e) => [e, 'ERR_ENDPOINT_REFUSED']));
    for (let i = 0; i < LOCAL_TARGETS.length + OTHER_BLOCKED.length; i++)
      expect(lookups).toContain(`internal-${i}.test`);
  });
});
