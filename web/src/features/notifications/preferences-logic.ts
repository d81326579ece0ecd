// Pure rules of the notification preferences page (/notification-preferences, issue 18, ADR 033): the
// defaults the server applies when a person changed nothing, the accessible name of each channel switch,
// the time zone to offer, and the form's values to and from the stored preferences.
import type {
  DigestFrequency,
  NotificationChannel,
  NotificationChannels,
  NotificationPreferences,
  NotificationType,
} from '@hearth/contract';
import { TYPE_LABEL, TYPE_ORDER } from './notification-logic';

/** The server's defaults (ADR 033): mentions and must-read reminders on every channel, the rest in-app and push. */
const EVERYWHERE: readonly NotificationType[] = ['COMMENT', 'ACK_REMINDER'];
export function defaultChannels(type: NotificationType): NotificationChannels {
  return { type, inApp: true, push: true, email: EVERYWHERE.includes(type) };
}
export const DEFAULT_DIGEST: DigestFrequency = 'weekly';
export const DEFAULT_TIME_ZONE = 'UTC';
/** What the quiet hours start as when they are switched on. */
export const DEFAULT_QUIET_HOURS = { start: '20:00', end: '07:00' } as const;

export const CHANNEL_LABEL: Record<NotificationChannel, string> = {
  inApp: 'In-app',
  push: 'Push',
  email: 'E-mail',
};
/** How a channel reads after a type: "Mention by e-mail", "Survey in the app". */
const CHANNEL_PHRASE: Record<NotificationChannel, string> = {
  inApp: 'in the app',
  push: 'by push',
  email: 'by e-mail',
};
export function channelSwitchLabel(type: NotificationType, channel: NotificationChannel): string {
  return `${TYPE_LABEL[type]} ${CHANNEL_PHRASE[channel]}`;
}

export const DIGEST_LABEL: Record<DigestFrequency, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };

/** Every type once, in the page's order, the stored choice where there is one and the default elsewhere. */
export function channelRows(stored: readonly NotificationChannels[]): NotificationChannels[] {
  return TYPE_ORDER.map((type) => {
    const row = stored.find((c) => c.type === type);
    return row ? { ...row } : defaultChannels(type);
  });
}

/** True when nothing differs from the defaults: the person has most likely never saved. */
export function isUntouched(prefs: NotificationPreferences): boolean {
  const sameChannels = channelRows(prefs.channels).every((row) => {
    const d = defaultChannels(row.type);
    return row.inApp === d.inApp && row.push === d.push && row.email === d.email;
  });
  return (
    sameChannels &&
    prefs.digest === DEFAULT_DIGEST &&
    prefs.quietHours === null &&
    prefs.timeZone === DEFAULT_TIME_ZONE
  );
}

/** The IANA zones the browser knows, with `extra` (the stored one) added when missing (UTC often is). */
export function timeZones(extra: readonly string[], known: readonly string[] = supportedZones()): string[] {
  const zones = new Set(known);
  for (const zone of extra) if (zone) zones.add(zone);
  return [...zones].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

function supportedZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/** This browser's zone, or null when it cannot say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The zone the form starts with: the stored one, except that a person who never saved (stored UTC, all
 * defaults) is offered their browser's zone, which saving then keeps.
 */
export function initialTimeZone(prefs: NotificationPreferences, browserZone: string | null): string {
  if (browserZone && isUntouched(prefs)) return browserZone;
  return prefs.timeZone;
}

/** The form's values: quiet hours as a switch and two "HH:mm" texts. */
export type PreferencesForm = {
  channels: NotificationChannels[];
  digest: DigestFrequency;
  quietEnabled: boolean;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
};

export function toForm(prefs: NotificationPreferences, browserZone: string | null): PreferencesForm {
  const quiet = prefs.quietHours ?? DEFAULT_QUIET_HOURS;
  return {
    channels: channelRows(prefs.channels),
    digest: prefs.digest,
    quietEnabled: prefs.quietHours !== null,
    quietStart: quiet.start,
    quietEnd: quiet.end,
    timeZone: initialTimeZone(prefs, browserZone),
  };
}

export function fromForm(form: PreferencesForm): NotificationPreferences {
  return {
    channels: form.channels.map(({ type, inApp, push, email }) => ({ type, inApp, push, email })),
    digest: form.digest,
    quietHours: form.quietEnabled ? { start: form.quietStart ?? '', end: form.quietEnd ?? '' } : null,
    timeZone: form.timeZone,
  };
}

/** The server's field names (a 400's `fields`) as the form's. */
export const SERVER_FIELD_ALIASES: Record<string, string> = { quietHours: 'quietStart' };
