// @engine: concurrent attempts on atomic counters
// Login throttling (ADR 015, issue 13 findings 1 and 2): counted atomically before the password is checked,
// keyed so that an attacker slows down without locking the owner or an office out.
import { MSG } from '@hearth/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/factories';
import { pinRateClock } from '../../../test/rate-clock';
import { basic } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { loginKnownAddresses, rateCounters } from '../../db/schema';
import { rateClock, takeCounters } from '../../platform/rate-limit';
import { LOGIN_LIMITS } from './login-throttle';

const t = useTestApp();

pinRateClock();

const WRONG = 'Wrong#pass1';
const attempt = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    headers: { authorization: basic(email, password) },
    remoteAddress,
  });

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

/** Sequential attempts, so each sees the counts of the ones before. */
async function inTurn(n: number, make: (i: number) => ReturnType<typeof attempt>) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await make(i));
  return out;
}

describe('attempts sent at once', () => {
  it('checks at most the limit of 40 concurrent wrong passwords for one account from one address', async () => {
    const user = await createUser(t.db);
    const all = await Promise.all(
      Array.from({ length: 40 }, () => attempt(user.email, WRONG, '203.0.113.40')),
    );
    // 401 means the password was checked; the rest were refused before that.
    expect(statuses(all)).toEqual({ 401: LOGIN_LIMITS.accountFromAddress.max, 429: 30 });
    expect(all.find((r) => r.statusCode === 429)?.json()).toMatchObject({
      error: MSG.tooManyAttempts,
      code: 'rate_limited',
    });
  });

  it('checks at most the account-wide limit of 40 concurrent guesses from 40 new addresses', async () => {
    const user = await createUser(t.db);
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(user.email, WRONG, `198.51.100.${i + 1}`)),
    );
    expect(statuses(all)).toEqual({ 401: LOGIN_LIMITS.accountFromNewAddresses.max, 429: 10 });
  });
});

describe('the owner is not locked out', () => {
  it('logs in from a known address after 35 wrong passwords from elsewhere; a new address is refused', async () => {
    const user = await createUser(t.db);
    expect((await attempt(user.email, user.password, '10.20.0.1')).statusCode).toBe(200);

    const attack = await inTurn(35, (i) => attempt(user.email, WRONG, `203.0.113.${100 + i}`));
    expect(attack.slice(0, 30).every((r) => r.statusCode === 401)).toBe(true);
    expect(attack.slice(30).every((r) => r.statusCode === 429)).toBe(true);

    // (a) The usual address still works, with the right password of course.
    const owner = await attempt(user.email, user.password, '10.20.0.1');
    expect(owner.statusCode).toBe(200);
    // (b) An address that never logged into the account is refused, right password or not.
    const stranger = await attempt(user.email, user.password, '192.0.2.77');
    expect([stranger.statusCode, stranger.json().error]).toEqual([429, MSG.tooManyAttempts]);
  });

  it('counts an IPv6 client by its /64, so new addresses in it do not buy new attempts', async () => {
    const user = await createUser(t.db);
    const tries = await inTurn(11, (i) =>
      attempt(user.email, WRONG, `2001:db8:7:7::${(i + 1).toString(16)}`),
    );
    expect(tries.slice(0, 10).every((r) => r.statusCode === 401)).toBe(true);
    expect(tries[10]?.statusCode).toBe(429);
  });
});

describe('a stranger guessing from one address (issue 30)', () => {
  /**
   * Runs `during` with the rate clock `minutes` into the hour before the pinned one, then puts it back (an
   * earlier hour, so the once-a-minute pruning is not pushed past the file's other tests).
   */
  async function at<T>(minutes: number, during: () => Promise<T>): Promise<T> {
    const pinned = rateClock.now();
    vi.mocked(rateClock.now).mockReturnValue(pinned - 3_600_000 + minutes * 60_000);
    try {
      return await during();
    } finally {
      vi.mocked(rateClock.now).mockReturnValue(pinned);
    }
  }

  it('does not keep the owner out at an address they never used, on an account never logged into', async () => {
    // A fresh install: the account has no known address at all.
    const user = await createUser(t.db);
    const stranger = '203.0.113.66';
    // 40 guesses in the hour, as many as the strict limit lets through (10 a quarter hour).
    for (const quarter of [0, 15, 30, 45]) {
      const tries = await at(quarter, () => inTurn(10, () => attempt(user.email, WRONG, stranger)));
      expect(tries.every((r) => r.statusCode === 401)).toBe(true);
    }
    const owner = await at(50, () => attempt(user.email, user.password, '192.0.2.200'));
    expect(owner.statusCode).toBe(200);
  });

  it('still limits an account guessed from many addresses, those that guessed and new ones', async () => {
    const user = await createUser(t.db);
    const { max } = LOGIN_LIMITS.accountFromNewAddresses;
    const share = LOGIN_LIMITS.addressShareOfAccount.max;
    const addresses = Array.from({ length: max / share }, (_, i) => `198.51.100.${150 + i}`);
    for (const address of addresses) {
      const tries = await inTurn(share, () => attempt(user.email, WRONG, address));
      expect(tries.every((r) => r.statusCode === 401)).toBe(true);
    }
    // The budget is spent: one more guessing address is refused, and so are those that guessed already,
    // right password or not, until the hour is over (the owner's known addresses excepted, above).
    expect((await attempt(user.email, WRONG, '198.51.100.200')).statusCode).toBe(429);
    expect((await attempt(user.email, WRONG, addresses[0] ?? '')).statusCode).toBe(429);
    expect((await attempt(user.email, user.password, '192.0.2.201')).statusCode).toBe(429);
  });
});

describe('an office behind one address', () => {
  it('a few typos by several colleagues do not refuse another colleague', async () => {
    const office = '192.0.2.10';
    const colleagues = await Promise.all(Array.from({ length: 8 }, () => createUser(t.db)));
    // 16 typos from the office within a minute: the old per-address limit (10 a minute) refused everyone.
    for (const c of colleagues) {
      for (const res of await inTurn(2, () => attempt(c.email, WRONG, office)))
        expect(res.statusCode).toBe(401);
    }
    const newcomer = await createUser(t.db);
    expect((await attempt(newcomer.email, newcomer.password, office)).statusCode).toBe(200);
    for (const c of colleagues) expect((await attempt(c.email, c.password, office)).statusCode).toBe(200);
  });

  it('refuses an address spraying many accounts once over the per-address limit', async () => {
    const sprayer = '203.0.113.250';
    const max = LOGIN_LIMITS.addressOnNewAccounts.max;
    const tries = await inTurn(max + 1, (i) => attempt(`nobody${i}@example.com`, WRONG, sprayer));
    expect(tries.slice(0, max).every((r) => r.statusCode === 401)).toBe(true);
    expect(tries[max]?.statusCode).toBe(429);
    // An account that has logged in from that address before is spared the spraying limit.
    const user = await createUser(t.db);
    await t.db.insert(loginKnownAddresses).values({ userId: user.id, address: sprayer });
    expect((await attempt(user.email, user.password, sprayer)).statusCode).toBe(200);
  });
});

describe('the strict limit on one account from one address', () => {
  it('answers 429 with the attempts message after 10 failures, even for the right password', async () => {
    const user = await createUser(t.db);
    expect((await attempt(user.email, user.password, '10.30.0.1')).statusCode).toBe(200);
    expect((await attempt(user.email, user.password, '10.30.0.2')).statusCode).toBe(200);
    const tries = await inTurn(10, () => attempt(user.email, WRONG, '10.30.0.1'));
    expect(tries.every((r) => r.statusCode === 401)).toBe(true);
    const blocked = await attempt(user.email, user.password, '10.30.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MSG.tooManyAttempts, code: 'rate_limited' });
    // Another of the owner's addresses is not affected.
    expect((await attempt(user.email, user.password, '10.30.0.2')).statusCode).toBe(200);
  });

  it('starts again after the right password, and never counts successes', async () => {
    const user = await createUser(t.db);
    const address = '10.40.0.1';
    for (const res of await inTurn(9, () => attempt(user.email, WRONG, address)))
      expect(res.statusCode).toBe(401);
    expect((await attempt(user.email, user.password, address)).statusCode).toBe(200);
    for (const res of await inTurn(9, () => attempt(user.email, WRONG, address)))
      expect(res.statusCode).toBe(401);
    for (const res of await inTurn(20, () => attempt(user.email, user.password, address))) {
      expect(res.statusCode).toBe(200);
    }
    const known = await t.db
      .select()
      .from(loginKnownAddresses)
      .where(eq(loginKnownAddresses.userId, user.id));
    expect(known.map((k) => k.address)).toEqual([address]);
  });

  it('counts an unknown account the same, so 429 does not tell whether it exists', async () => {
    const tries = await inTurn(11, () => attempt('ghost.throttle@example.com', WRONG, '10.50.0.1'));
    expect(tries.slice(0, 10).every((r) => r.statusCode === 401)).toBe(true);
    expect(tries[10]?.json()).toEqual({ error: MSG.tooManyAttempts, code: 'rate_limited' });
  });
});

describe('rate counters', () => {
  it('prune rows whose window has ended', async () => {
    const old = new Date(Date.now() - 3 * 3_600_000);
    await t.db.insert(rateCounters).values({ key: 'test:old', windowStart: old, count: 3 });
    // Pruning runs at most once a minute per instance: a clock two minutes on makes it due.
    await takeCounters(
      t.db,
      [{ key: 'test:now', limit: { max: 1, windowMs: 60_000 } }],
      Date.now() + 120_000,
    );
    const rows = await t.db.select().from(rateCounters).where(eq(rateCounters.key, 'test:old'));
    expect(rows).toEqual([]);
    const [fresh] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateCounters)
      .where(eq(rateCounters.key, 'test:now'));
    expect(fresh?.n).toBe(1);
  });
});
