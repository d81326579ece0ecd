// Notification preferences: every type answered with the defaults filled in, only the changed types stored,
// settings checked (time zone, quiet hours, types), and the digest's unsubscribe link (public, signed).
import { MSG, type NotificationPreferences, ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { notificationPreferences, notificationSettings } from '../../db/schema';
import { UNSUBSCRIBE_LIMIT, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const t = useTestApp({ users: { staff: ROLE.STAFF, other: ROLE.STAFF, editor: ROLE.EDITOR } });
const { staff, other, editor } = t.users;
const URL = '/v1/api/notifications/preferences';

const DEFAULTS: NotificationPreferences = {
  channels: [
    { type: 'SURVEY', inApp: true, push: true, email: false },
    { type: 'FEED_POST', inApp: true, push: true, email: false },
    { type: 'COMMENT', inApp: true, push: true, email: true },
    { type: 'COMMUNITY_POST', inApp: true, push: true, email: false },
    { type: 'ACK_REMINDER', inApp: true, push: true, email: true },
  ],
  digest: 'weekly',
  quietHours: null,
  timeZone: 'UTC',
};

const read = async (s = staff) => {
  const res = await t.get(URL, s);
  expect(res.statusCode).toBe(200);
  return res.json().data as NotificationPreferences;
};
const save = (body: unknown, s = staff) => t.call('PUT', URL, s, body as object);
const rowsOf = (userId: number) =>
  t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));

describe('GET and PUT /notifications/preferences', () => {
  it('answers the defaults for someone who never changed them: every type, weekly digest, no quiet hours, UTC', async () => {
    expect(await read()).toEqual(DEFAULTS);
    expect(await rowsOf(staff.user.id)).toEqual([]);
  });

  it('stores only the types that differ from their default, and deletes a row set back to it', async () => {
    const changed: NotificationPreferences = {
      channels: DEFAULTS.channels.map((c) =>
        c.type === 'FEED_POST'
          ? { ...c, email: true }
          : c.type === 'COMMENT'
            ? { ...c, push: false, inApp: false }
            : c,
      ),
      digest: 'daily',
      quietHours: { start: '20:00', end: '07:30' },
      timeZone: 'Europe/Berlin',
    };
    const res = await save(changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(changed);
    expect(await read()).toEqual(changed);
    const rows = await rowsOf(staff.user.id);
    expect(rows.map((r) => [r.type, r.inApp, r.push, r.email]).sort()).toEqual([
      ['COMMENT', 0, 0, 1],
      ['FEED_POST', 1, 1, 1],
    ]);
    const [settings] = await t.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, staff.user.id));
    expect(settings).toMatchObject({ digest: 'daily', quietStart: 20 * 60, quietEnd: 7 * 60 + 30 });
    // Someone else's preferences are untouched.
    expect(await read(other)).toEqual(DEFAULTS);

    const back = await save({ ...DEFAULTS, timeZone: 'America/Argentina/Buenos_Aires' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await rowsOf(staff.user.id)).toEqual([]);
    expect(await read()).toEqual({ ...DEFAULTS, timeZone: 'America/Argentina/Buenos_Aires' });
  });

  it('refuses an unknown time zone, bad quiet hours, unknown or repeated types and a bad digest (400); nothing is stored', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...DEFAULTS, timeZone: 'Mars/Olympus_Mons' }, 'timeZone', MSG.timeZoneInvalid],
      [{ ...DEFAULTS, timeZone: '' }, 'timeZone', MSG.timeZoneInvalid],
      [{ ...DEFAULTS, quietHours: { start: '25:00', end: '07:00' } }, 'quietHours', MSG.quietHoursInvalid],
      [{ ...DEFAULTS, quietHours: { start: '7:00', end: '08:00' } }, 'quietHours', MSG.quietHoursInvalid],
      [{ ...DEFAULTS, quietHours: { start: '08:00', end: '08:00' } }, 'quietHours', MSG.quietHoursInvalid],
      [{ ...DEFAULTS, quietHours: { start: '08:00' } }, 'quietHours', MSG.invalidInput],
      [
        { ...DEFAULTS, channels: [{ type: 'BIRTHDAY', inApp: true, push: true, email: true }] },
        'channels',
        MSG.invalidInput,
      ],
      [
        {
          ...DEFAULTS,
          channels: [
            { type: 'SURVEY', inApp: false, push: true, email: true },
            { type: 'SURVEY', inApp: true, push: true, email: false },
          ],
        },
        'channels',
        MSG.invalidInput,
      ],
      [{ ...DEFAULTS, digest: 'hourly' }, 'digest', MSG.invalidInput],
      [
        { ...DEFAULTS, channels: [{ type: 'SURVEY', inApp: 'yes', push: true, email: true }] },
        'channels',
        MSG.invalidInput,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await save(body, editor);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await rowsOf(editor.user.id)).toEqual([]);
    expect(await read(editor)).toEqual(DEFAULTS);
  });

  it('401 without a session', async () => {
    expect((await t.get(URL)).statusCode).toBe(401);
    expect((await t.call('PUT', URL, undefined, DEFAULTS)).statusCode).toBe(401);
  });
});

describe('POST /notifications/unsubscribe', () => {
  const secret = () => t.app.config.jwtSecret as string;
  const unsubscribe = (token: unknown, remoteAddress = '198.51.100.7') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/api/notifications/unsubscribe',
      payload: { token },
      remoteAddress,
    });

  it('turns off the digest of the token’s user, without a login, and again harmlessly', async () => {
    const token = unsubscribeToken(secret(), other.user.id);
    expect(verifyUnsubscribeToken(secret(), token)).toBe(other.user.id);
    for (let i = 0; i < 2; i++) {
      const res = await unsubscribe(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ message: MSG.unsubscribed });
    }
    expect((await read(other)).digest).toBe('off');
    expect((await read(staff)).digest).not.toBe('off');
  });

  it('refuses a token that is not ours: another user’s id, another secret, garbage (400 with the link message)', async () => {
    const mine = unsubscribeToken(secret(), staff.user.id);
    const forged = `${other.user.id}.${mine.split('.')[1]}`;
    const otherSecret = unsubscribeToken('another-secret-another-secret-another', staff.user.id);
    for (const token of [forged, otherSecret, 'garbage', `${staff.user.id}.`, `0.${mine.split('.')[1]}`]) {
      const res = await unsubscribe(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({
        error: MSG.unsubscribeLinkInvalid,
        fields: { token: MSG.unsubscribeLinkInvalid },
      });
    }
    expect((await unsubscribe('')).statusCode).toBe(400);
    expect((await unsubscribe(undefined)).statusCode).toBe(400);
    expect((await read(staff)).digest).not.toBe('off');
  });

  it('answers 429 to refused links once a client address passed its limit, and still takes good ones from it', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < UNSUBSCRIBE_LIMIT.max; i++)
      expect((await unsubscribe('garbage', address)).statusCode).toBe(400);
    expect((await unsubscribe('garbage', address)).statusCode).toBe(429);
    // A colleague behind the same office address is not locked out by someone else's guesses.
    expect((await unsubscribe(unsubscribeToken(secret(), staff.user.id), address)).statusCode).toBe(200);
    expect((await read(staff)).digest).toBe('off');
  });

  it('takes a whole office unsubscribing from one address after a digest', async () => {
    const address = '203.0.113.78';
    for (let i = 0; i < UNSUBSCRIBE_LIMIT.max + 5; i++) {
      const colleague = await createUser(t.db);
      expect((await unsubscribe(unsubscribeToken(secret(), colleague.id), address)).statusCode).toBe(200);
    }
  });
});
