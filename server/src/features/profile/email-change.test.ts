// @engine: concurrent guesses on atomic counters
// Issue 13 finding 5: changing the profile's e-mail address takes the current password, takes effect only
// from a link mailed to the new address, and tells the old address. Replays the attack: a stolen session
// (no password) used to move the account's mail, and so its password resets, to the attacker's mailbox.
import { MSG, ROLE } from '@hearth/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, PASSWORD, uniqueEmail } from '../../../test/factories';
import { settled } from '../../../test/jobs';
import { pinRateClock } from '../../../test/rate-clock';
import { basic, changePassword, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { emailTokens, users } from '../../db/schema';

type Session = Awaited<ReturnType<typeof userWithSession>>;

const t = useTestApp();

const PATH = '/confirm-email-change';
const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const staff = () => userWithSession(t.app, t.db, { roleId: ROLE.STAFF });

const saveProfile = (s: Session, over: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/api/users/update-profile',
    headers: s.headers,
    payload: { firstName: 'Thandi', lastName: 'Mokoena', email: s.user.email, ...over },
  });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/confirm-email-change', payload: { token } });
const loginStatus = async (email: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { authorization: basic(email, PASSWORD) },
    })
  ).statusCode;

/** Asks for the change with the right password and answers the token mailed to the new address. */
async function requestChange(s: Session, newEmail: string): Promise<string> {
  const res = await saveProfile(s, { email: newEmail, currentPassword: PASSWORD });
  expect(res.statusCode).toBe(200);
  const before = t.mailbox.to(newEmail).length;
  await t.mailbox.waitFor(newEmail, before + 1);
  const token = t.mailbox.tokenFor(newEmail, PATH);
  if (!token) throw new Error(`no ${PATH} link mailed to ${newEmail}`);
  return token;
}

describe('changing the e-mail address in the profile', () => {
  it('refuses a new address without the current password and changes nothing (the attack replay)', async () => {
    const s = await staff();
    const attacker = uniqueEmail('attacker');
    for (const currentPassword of [undefined, '']) {
      const res = await saveProfile(s, { email: attacker, firstName: 'Mallory', currentPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: MSG.currentPasswordRequired,
        fields: { currentPassword: MSG.currentPasswordRequired },
      });
    }
    const row = await rowOf(s.user.id);
    expect(row).toMatchObject({ email: s.user.email, firstName: s.user.firstName });
    await settled(t.app, 'mail');
    expect(t.mailbox.to(attacker)).toHaveLength(0);
    // The account's mail, and its password resets, still go to the owner only.
    expect(await loginStatus(attacker)).toBe(401);
  });

  it('refuses a wrong password and changes nothing', async () => {
    const s = await staff();
    const wanted = uniqueEmail('wrong');
    const res = await saveProfile(s, { email: wanted, firstName: 'Mallory', currentPassword: 'N0t#mine' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ currentPassword: MSG.oldPasswordWrong });
    expect(await rowOf(s.user.id)).toMatchObject({ email: s.user.email, firstName: s.user.firstName });
    const pending = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, s.user.id));
    expect(pending).toHaveLength(0);
    await settled(t.app, 'mail');
    expect(t.mailbox.to(wanted)).toHaveLength(0);
    expect(t.mailbox.to(s.user.email)).toHaveLength(0);
  });

  it('with the password: keeps the old address, saves the rest, mails the new address a link and the old one a notice', async () => {
    const s = await staff();
    const wanted = uniqueEmail('new');
    const res = await saveProfile(s, { email: wanted, firstName: 'Thandeka', currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: s.user.email,
      firstName: 'Thandeka',
      pendingEmail: wanted,
      message: MSG.emailChangeSent,
    });
    expect(await rowOf(s.user.id)).toMatchObject({ email: s.user.email, firstName: 'Thandeka' });

    const [link] = await t.mailbox.waitFor(wanted);
    expect(link?.body).toContain(`${PATH}?token=`);
    const [notice] = await t.mailbox.waitFor(s.user.email);
    expect(notice?.body).toContain(wanted);
    expect(notice?.body).toContain('If this was not you');
    expect(notice?.body).not.toContain('token=');

    // Only the hash is stored, and the queued jobs hold no usable token.
    const token = t.mailbox.tokenFor(wanted, PATH) ?? '';
    const [row] = await t.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, s.user.id), eq(emailTokens.purpose, 'email-change')));
    expect(row).toMatchObject({ newEmail: wanted, usedAt: null });
    expect(row?.tokenHash).not.toContain(token);
    const jobs = (await t.db.execute(
      sql`select data from pgboss.job where name = 'mail' and data->>'purpose' like 'email-change%'`,
    )) as unknown as { rows: { data: Record<string, unknown> }[] };
    const mine = jobs.rows
      .map((j) => j.data)
      .filter((d) => d.requestId === row?.id || d.userId === s.user.id);
    expect(mine).toEqual(
      expect.arrayContaining([
        { purpose: 'email-change', requestId: row?.id },
        { purpose: 'email-change-notice', userId: s.user.id, oldEmail: s.user.email, newEmail: wanted },
      ]),
    );
    expect(JSON.stringify(mine)).not.toContain(token);
  });

  it('a save that keeps the address needs no password and sends no mail', async () => {
    const s = await staff();
    const res = await saveProfile(s, { firstName: 'Same' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ pendingEmail: null, message: MSG.profileUpdated });
    await settled(t.app, 'mail');
    expect(t.mailbox.to(s.user.email)).toHaveLength(0);
  });

  it('opening the link changes the address once; then login works with the new address only', async () => {
    const s = await staff();
    const wanted = uniqueEmail('moved');
    const token = await requestChange(s, wanted);

    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: MSG.emailChanged });
    expect((await rowOf(s.user.id))?.email).toBe(wanted);
    // The session in use goes on, and sees the new address at once.
    const me = await t.app.inject({ method: 'GET', url: `/v1/api/users/${s.user.id}`, headers: s.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(wanted);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: MSG.linkInvalid, fields: { token: MSG.linkInvalid } });

    expect(await loginStatus(wanted)).toBe(200);
    expect(await loginStatus(s.user.email)).toBe(401);
  });

  it('a newer request replaces the older link', async () => {
    const s = await staff();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const older = await requestChange(s, first);
    const newer = await requestChange(s, second);
    expect((await confirm(older)).statusCode).toBe(400);
    expect((await confirm(newer)).statusCode).toBe(200);
    expect((await rowOf(s.user.id))?.email).toBe(second);
  });

  it('answers 409 and changes nothing when the address was taken before the link is opened', async () => {
    const s = await staff();
    const wanted = uniqueEmail('contested');
    const token = await requestChange(s, wanted);
    await createUser(t.db, { email: wanted });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: MSG.emailTaken, fields: { email: MSG.emailTaken } });
    expect((await rowOf(s.user.id))?.email).toBe(s.user.email);
  });

  it('answers 409 at once for an address already in use, mailing nobody', async () => {
    const s = await staff();
    const colleague = await createUser(t.db);
    const res = await saveProfile(s, { email: colleague.email, currentPassword: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ email: MSG.emailTaken });
    await settled(t.app, 'mail');
    expect(t.mailbox.to(colleague.email)).toHaveLength(0);
    expect(t.mailbox.to(s.user.email)).toHaveLength(0);
  });

  it('refuses unknown, expired and malformed links with 400', async () => {
    const s = await staff();
    const token = await requestChange(s, uniqueEmail('late'));
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, s.user.id));
    for (const bad of [token, 'x'.repeat(43), '', 'y'.repeat(500)]) {
      const res = await confirm(bad);
      expect(res.statusCode, bad.slice(0, 8)).toBe(400);
      expect(res.json().error).toBe(MSG.linkInvalid);
    }
    expect((await rowOf(s.user.id))?.email).toBe(s.user.email);
  });

  it("the owner's answer to the notice, a password change, kills a pending change", async () => {
    const s = await staff();
    const token = await requestChange(s, uniqueEmail('hijack'));
    const changed = await changePassword(t.app, s, 'Quill#Harbour9Stone');
    expect(changed.statusCode).toBe(200);
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.linkInvalid);
    expect((await rowOf(s.user.id))?.email).toBe(s.user.email);
  });

  it('does not move the address of an account deactivated before its link is opened', async () => {
    const s = await staff();
    const token = await requestChange(s, uniqueEmail('gone'));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, s.user.id));
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await rowOf(s.user.id))?.email).toBe(s.user.email);
  });
});

describe('guessing the password through a stolen session', () => {
  pinRateClock();
  it('is stopped after 10 wrong tries across the e-mail and password forms, and the right one then waits', async () => {
    const s = await staff();
    const wrongEmail = () => saveProfile(s, { email: uniqueEmail(), currentPassword: 'Guess#Pass1' });
    const wrongChange = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/api/users/update-password',
        headers: s.headers,
        payload: { id: s.user.id, oldPassword: 'Guess#Pass2', password: 'Fresh#Quill-77' },
      });
    // Sent at once: the count is taken before any password is checked, so concurrency buys nothing.
    const statuses = (await Promise.all([...Array(6)].map(wrongEmail).concat([...Array(6)].map(wrongChange))))
      .map((r) => r.statusCode)
      .sort();
    expect(statuses.filter((c) => c === 400)).toHaveLength(10);
    expect(statuses.filter((c) => c === 429)).toHaveLength(2);
    const right = await saveProfile(s, { email: uniqueEmail(), currentPassword: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toBe(MSG.tooManyAttempts);
    expect((await rowOf(s.user.id))?.email).toBe(s.user.email);
  });

  it('starts the count again after the right password', async () => {
    const s = await staff();
    for (let i = 0; i < 9; i++)
      expect(
        (await saveProfile(s, { email: uniqueEmail(), currentPassword: 'Guess#Pass1' })).statusCode,
      ).toBe(400);
    expect((await saveProfile(s, { email: uniqueEmail(), currentPassword: PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect(
        (await saveProfile(s, { email: uniqueEmail(), currentPassword: 'Guess#Pass1' })).statusCode,
      ).toBe(400);
  });
});
