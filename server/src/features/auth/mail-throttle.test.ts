// @engine: atomic rate-limit counters in SQL
// Forgot-password, resend-verification and registration are limited per target address and per client
// address, and answer the same whether or not the account exists (ADR 015, issue 13 finding 3, issue 30).
import { MSG } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser, registrationBody } from '../../../test/factories';
import { settled } from '../../../test/jobs';
import { pinRateClock } from '../../../test/rate-clock';
import { useTestApp } from '../../../test/use-test-app';
import { MAIL_LIMITS } from './mail-throttle';

const t = useTestApp();
let g: Awaited<ReturnType<typeof createGroups>>;
beforeAll(async () => {
  g = await createGroups(t.db);
});

pinRateClock();

type Path = '/v1/auth/reset-password' | '/v1/auth/resend-verification';
const ask = (url: Path, email: string, remoteAddress = '10.60.0.1') =>
  t.app.inject({ method: 'POST', url, payload: { email }, remoteAddress });

/** `n` requests in turn from distinct client addresses, so only the per-recipient limit is in play. */
async function askTimes(url: Path, email: string, n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await ask(url, email, `10.61.${out.length}.${i + 1}`));
  return out;
}

const sent = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ data: { message: MSG.emailSent } });
};
const refused = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: MSG.tooManyRequests, code: 'rate_limited' });
};

describe('per target address', () => {
  it('answers the 6th reset request for one address in an hour with 429 and sends no 6th mail', async () => {
    const user = await createUser(t.db);
    const answers = await askTimes('/v1/auth/reset-password', user.email, MAIL_LIMITS.perRecipient.max + 1);
    answers.slice(0, 5).forEach(sent);
    refused(answers[5] as (typeof answers)[number]);
    await settled(t.app, 'mail');
    expect(t.mailbox.to(user.email)).toHaveLength(5);
  });

  it('answers a non-existent address exactly the same way', async () => {
    const before = t.mailbox.messages.length;
    const answers = await askTimes('/v1/auth/reset-password', 'ghost.mail@example.com', 6);
    answers.slice(0, 5).forEach(sent);
    refused(answers[5] as (typeof answers)[number]);
    await settled(t.app, 'mail');
    expect(t.mailbox.messages.length).toBe(before);
  });

  it('limits resend-verification the same, sharing the count with reset requests', async () => {
    const user = await createUser(t.db, { isVerified: false });
    const resends = await askTimes('/v1/auth/resend-verification', user.email, 3);
    resends.forEach(sent);
    const resets = await askTimes('/v1/auth/reset-password', user.email, 3);
    resets.slice(0, 2).forEach(sent);
    refused(resets[2] as (typeof resets)[number]);
    refused(await ask('/v1/auth/resend-verification', user.email, '10.62.0.1'));
    await settled(t.app, 'mail');
    expect(t.mailbox.to(user.email)).toHaveLength(5);

    const ghost = await askTimes('/v1/auth/resend-verification', 'ghost.verify@example.com', 6);
    ghost.slice(0, 5).forEach(sent);
    refused(ghost[5] as (typeof ghost)[number]);
  });
});

describe('registration (issue 30)', () => {
  const register = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: registrationBody(g, { email }),
      remoteAddress,
    });
  const registerTimes = async (email: string, n: number) => {
    const out = [];
    for (let i = 0; i < n; i++) out.push(await register(email, `10.63.${out.length}.${i + 1}`));
    return out;
  };
  const accepted = (email: string) => (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { email } });
  };

  it('mails the owner of a taken address at most 5 times an hour, sharing the count with other mail', async () => {
    const user = await createUser(t.db);
    sent(await ask('/v1/auth/reset-password', user.email, '10.64.0.1'));
    const answers = await registerTimes(user.email, MAIL_LIMITS.perRecipient.max);
    answers.slice(0, 4).forEach(accepted(user.email));
    refused(answers[4] as (typeof answers)[number]);
    await settled(t.app, 'mail');
    expect(t.mailbox.to(user.email)).toHaveLength(5);
  });

  it('answers a new address exactly the same way', async () => {
    const email = `fresh.throttle.${Date.now()}@example.org`;
    const answers = await registerTimes(email, MAIL_LIMITS.perRecipient.max + 1);
    answers.slice(0, 5).forEach(accepted(email));
    refused(answers[5] as (typeof answers)[number]);
    await settled(t.app, 'mail');
    // The verification mail, then four notices to what is now its owner.
    expect(t.mailbox.to(email)).toHaveLength(5);
  });
});

describe('per client address', () => {
  it('refuses a client walking a list of addresses after 20 requests; other clients go on', async () => {
    const client = '203.0.113.60';
    const max = MAIL_LIMITS.perClient.max;
    for (let i = 0; i < max; i++) sent(await ask('/v1/auth/reset-password', `list${i}@example.com`, client));
    refused(await ask('/v1/auth/reset-password', 'list-next@example.com', client));
    refused(await ask('/v1/auth/resend-verification', 'list-next@example.com', client));
    sent(await ask('/v1/auth/reset-password', 'list-next@example.com', '203.0.113.61'));
  });
});
