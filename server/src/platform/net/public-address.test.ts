// The public-address rule of web push (issue 13, finding 9): every blocked class, IPv4 and IPv6, is refused
// by the rule, by `allowedAddresses` (names and literals) and by a real socket's `guardedLookup`.
import { connect, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressRefusedError, allowedAddresses, guardedLookup, isPublicAddress } from './public-address';

/** One address of each class that must never be reached. */
const BLOCKED_ADDRESSES = [
  '127.0.0.1', // loopback
  '127.255.255.254',
  '0.0.0.0', // this network
  '0.1.2.3',
  '10.0.0.1', // private
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '100.64.0.1', // carrier-grade NAT
  '100.127.255.254',
  '169.254.169.254', // link-local: cloud metadata
  '192.0.0.8', // IETF
  '192.0.2.1', // documentation
  '198.18.0.1', // benchmarking
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1', // multicast
  '239.255.255.250',
  '240.0.0.1', // reserved
  '255.255.255.255', // broadcast
  '::1', // IPv6 loopback
  '::', // unspecified
  '::ffff:127.0.0.1', // IPv4-mapped
  '::ffff:169.254.169.254',
  '::ffff:8.8.8.8', // mapped even when public: the rule takes no IPv4 in IPv6 clothing
  '::127.0.0.1', // IPv4-compatible (deprecated)
  '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
  'fc00::1', // unique local fc00::/7
  'fd12:3456:789a::1',
  'fe80::1', // link-local fe80::/10
  'febf::1',
  'fec0::1', // site-local (deprecated)
  'ff02::1', // multicast
  '2001:db8::1', // documentation
  '2002:7f00:1::1', // 6to4 of 127.0.0.1
  '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
  'fe80::1%eth0', // zone id: not a plain address
  'localhost', // a name is no address
  '',
];

const PUBLIC_ADDRESSES = [
  '93.184.215.14',
  '8.8.8.8',
  '1.1.1.1',
  '172.32.0.1',
  '100.128.0.1',
  '2606:4700::1111',
];

describe('isPublicAddress', () => {
  it.each(BLOCKED_ADDRESSES)('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(PUBLIC_ADDRESSES)('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  it('reads bracketed IPv6', () => {
    expect(isPublicAddress('[::1]')).toBe(false);
    expect(isPublicAddress('[2606:4700::1111]')).toBe(true);
  });
});

describe('allowedAddresses', () => {
  it('refuses a name when any address it resolves to is not public, or when it resolves to none', async () => {
    const resolve = async (host: string) =>
      host === 'mixed.test'
        ? [
            { address: '93.184.215.14', family: 4 },
            { address: '10.0.0.1', family: 4 },
          ]
        : host === 'good.test'
          ? [{ address: '93.184.215.14', family: 4 }]
          : [];
    await expect(allowedAddresses('mixed.test', resolve)).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(allowedAddresses('nothing.test', resolve)).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(allowedAddresses('good.test', resolve)).resolves.toHaveLength(1);
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(allowedAddresses('broken.test', failing)).rejects.toBeInstanceOf(AddressRefusedError);
  });
  it('checks an IP literal itself, without resolving', async () => {
    const never = async () => [{ address: '93.184.215.14', family: 4 }];
    await expect(allowedAddresses('127.0.0.1', never)).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(allowedAddresses('::1', never)).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(allowedAddresses('8.8.8.8', never)).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
  });
});

describe('guardedLookup on a real socket', () => {
  let server: Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((ok) => server.close(ok)));

  /** Connects to `host` (resolving to 127.0.0.1) through the lookup; answers the error, if any. */
  const tryConnect = (lookup: ReturnType<typeof guardedLookup>, autoSelectFamily: boolean) =>
    new Promise<Error | undefined>((done) => {
      const socket = connect({ host: 'rebound.test', port, lookup, autoSelectFamily });
      socket.on('connect', () => {
        socket.destroy();
        done(undefined);
      });
      socket.on('error', (err) => done(err));
    });

  it('refuses a name resolving to loopback, with and without family racing; nothing reaches the listener', async () => {
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    for (const race of [false, true]) {
      const err = await tryConnect(guardedLookup(resolve), race);
      expect(err).toBeInstanceOf(AddressRefusedError);
    }
    expect(connections).toBe(0);
    // The same socket connects when a rule allows the address: the refusal above was the rule's.
    const allowAll = guardedLookup(resolve, () => true);
    expect(await tryConnect(allowAll, false)).toBeUndefined();
    expect(connections).toBe(1);
  });
});
