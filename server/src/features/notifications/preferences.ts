// A person's notification preferences (ADR 033): channels per type, the e-mail digest, quiet hours for push
// and their time zone. The defaults live here, in code: a `notification_preferences` row exists only for a
// type whose channels differ from them, and `notification_settings` only once something was changed (or a
// digest went out), so the defaults can change for everyone who kept them and the tables stay small.
import {
  type DigestFrequency,
  MSG,
  NOTIFICATION_TYPES,
  type NotificationChannels,
  type NotificationPreferences,
  type NotificationType,
} from '@hearth/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationPreferences, notificationSettings } from '../../db/schema';
import { fieldError } from '../../platform/errors';
import { clockText, isTimeZone, minutesOf } from './quiet-hours';

type Channels = Omit<NotificationChannels, 'type'>;

/** Mentions and must-read reminders go everywhere; the rest in-app and by push (issue 18). */
export const DEFAULT_CHANNELS: Record<NotificationType, Channels> = {
  FEED_POST: { inApp: true, push: true, email: false },
  COMMUNITY_POST: { inApp: true, push: true, email: false },
  SURVEY: { inApp: true, push: true, email: false },
  COMMENT: { inApp: true, push: true, email: true },
  ACK_REMINDER: { inApp: true, push: true, email: true },
};
export const DEFAULT_DIGEST: DigestFrequency = 'weekly';
export const DEFAULT_TIME_ZONE = 'UTC';

/** The default of one channel for a type (a type the code does not know: off). */
export const defaultChannel = (type: string, channel: keyof Channels): boolean =>
  DEFAULT_CHANNELS[type as NotificationType]?.[channel] ?? false;

/** The caller's preferences, every type answered with the defaults filled in. */
export async function readPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const [settings] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const stored = new Map(rows.map((r) => [r.type, r]));
  const channels = NOTIFICATION_TYPES.map((type) => {
    const row = stored.get(type);
    const d = DEFAULT_CHANNELS[type];
    return row
      ? { type, inApp: row.inApp === 1, push: row.push === 1, email: row.email === 1 }
      : { type, ...d };
  });
  const quiet =
    settings?.quietStart != null && settings.quietEnd != null
      ? { start: clockText(settings.quietStart), end: clockText(settings.quietEnd) }
      : null;
  return {
    channels,
    digest: (settings?.digest as DigestFrequency | undefined) ?? DEFAULT_DIGEST,
    quietHours: quiet,
    timeZone: settings?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

const sameChannels = (a: Channels, b: Channels) =>
  a.inApp === b.inApp && a.push === b.push && a.email === b.email;
const bit = (on: boolean) => (on ? 1 : 0);

/**
 * Saves the caller's preferences in one transaction: a row for each type that differs from its default,
 * none for the others (a row equal to the default is deleted). 400 for a type sent twice, an unknown time
 * zone, or quiet hours that start when they end. A type not sent keeps what it had.
 */
export async function savePreferences(db: Db, userId: number, p: NotificationPreferences): Promise<void> {
  const seen = new Set<string>();
  for (const c of p.channels) {
    if (seen.has(c.type)) throw fieldError('channels', MSG.invalidInput);
    seen.add(c.type);
  }
  if (!isTimeZone(p.timeZone)) throw fieldError('timeZone', MSG.timeZoneInvalid);
  const quiet = p.quietHours && { start: minutesOf(p.quietHours.start), end: minutesOf(p.quietHours.end) };
  if (quiet && quiet.start === quiet.end) throw fieldError('quietHours', MSG.quietHoursInvalid);
  await db.transaction(async (tx) => {
    for (const c of p.channels) {
      const where = sql`${notificationPreferences.userId} = ${userId} and ${notificationPreferences.type} = ${c.type}`;
      if (sameChannels(c, DEFAULT_CHANNELS[c.type])) {
        await tx.delete(notificationPreferences).where(where);
        continue;
      }
      const values = { inApp: bit(c.inApp), push: bit(c.push), email: bit(c.email) };
      await tx
        .insert(notificationPreferences)
        .values({ userId, type: c.type, ...values })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: values,
        });
    }
    const settings = {
      digest: p.digest,
      quietStart: quiet?.start ?? null,
      quietEnd: quiet?.end ?? null,
      timeZone: p.timeZone,
    };
    // digest_sent_at is left as it is: changing the frequency does not restart the period.
    await tx
      .insert(notificationSettings)
      .values({ userId, ...settings })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: settings });
  });
}

/** Turns the digest off (the unsubscribe link), whether or not the user had settings. */
export async function turnDigestOff(db: Db, userId: number): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, digest: 'off' })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { digest: 'off' } });
}
