import { NOTIFICATION_TYPES, type NotificationPreferences } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  channelRows,
  channelSwitchLabel,
  defaultChannels,
  fromForm,
  initialTimeZone,
  isUntouched,
  timeZones,
  toForm,
} from './preferences-logic';

const defaults: NotificationPreferences = {
  channels: NOTIFICATION_TYPES.map(defaultChannels),
  digest: 'weekly',
  quietHours: null,
  timeZone: 'UTC',
};

describe('defaults', () => {
  it('send mentions and must-read reminders everywhere, the rest in the app and by push', () => {
    expect(defaultChannels('COMMENT')).toEqual({ type: 'COMMENT', inApp: true, push: true, email: true });
    expect(defaultChannels('ACK_REMINDER').email).toBe(true);
    for (const type of ['FEED_POST', 'COMMUNITY_POST', 'SURVEY'] as const)
      expect(defaultChannels(type)).toEqual({ type, inApp: true, push: true, email: false });
  });
});

describe('channelRows', () => {
  it('lists every type once, in the page order, filling in defaults', () => {
    const rows = channelRows([{ type: 'SURVEY', inApp: false, push: false, email: true }]);
    expect(rows.map((r) => r.type).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(rows.map((r) => r.type)).toEqual([
      'FEED_POST',
      'COMMENT',
      'COMMUNITY_POST',
      'ACK_REMINDER',
      'SURVEY',
    ]);
    expect(rows.find((r) => r.type === 'SURVEY')).toEqual({
      type: 'SURVEY',
      inApp: false,
      push: false,
      email: true,
    });
    expect(rows.find((r) => r.type === 'COMMENT')?.email).toBe(true);
  });
});

describe('channelSwitchLabel', () => {
  it('names the type and the channel', () => {
    expect(channelSwitchLabel('COMMENT', 'email')).toBe('Mention by e-mail');
    expect(channelSwitchLabel('FEED_POST', 'push')).toBe('Post published by push');
    expect(channelSwitchLabel('SURVEY', 'inApp')).toBe('Survey in the app');
  });
});

describe('time zone', () => {
  it('offers the browser zone to someone who never saved', () => {
    expect(isUntouched(defaults)).toBe(true);
    expect(initialTimeZone(defaults, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(initialTimeZone(defaults, null)).toBe('UTC');
  });
  it('keeps what was saved', () => {
    const saved = { ...defaults, digest: 'daily' as const };
    expect(isUntouched(saved)).toBe(false);
    expect(initialTimeZone(saved, 'Europe/Berlin')).toBe('UTC');
    expect(initialTimeZone({ ...defaults, timeZone: 'Asia/Tokyo' }, 'Europe/Berlin')).toBe('Asia/Tokyo');
    const quiet = { ...defaults, quietHours: { start: '22:00', end: '06:00' } };
    expect(initialTimeZone(quiet, 'Europe/Berlin')).toBe('UTC');
    const channel = {
      ...defaults,
      channels: [{ type: 'COMMENT' as const, inApp: true, push: true, email: false }],
    };
    expect(isUntouched(channel)).toBe(false);
  });
  it('lists the stored zone even when the browser does not know it, UTC first', () => {
    const zones = timeZones(['UTC', 'Mars/Olympus'], ['Europe/Berlin', 'America/New_York']);
    expect(zones).toEqual(['UTC', 'America/New_York', 'Europe/Berlin', 'Mars/Olympus']);
    expect(timeZones(['Europe/Berlin'], ['Europe/Berlin'])).toEqual(['Europe/Berlin']);
  });
});

describe('form values', () => {
  it('round-trips stored preferences', () => {
    const stored: NotificationPreferences = {
      ...defaults,
      channels: channelRows([]),
      digest: 'off',
      quietHours: { start: '20:00', end: '07:00' },
      timeZone: 'Europe/Berlin',
    };
    expect(fromForm(toForm(stored, 'Asia/Tokyo'))).toEqual(stored);
  });
  it('starts quiet hours at 20:00 to 07:00 when switched on, and sends none while off', () => {
    const form = toForm(defaults, null);
    expect(form).toMatchObject({ quietEnabled: false, quietStart: '20:00', quietEnd: '07:00' });
    expect(fromForm(form).quietHours).toBeNull();
    expect(fromForm({ ...form, quietEnabled: true }).quietHours).toEqual({ start: '20:00', end: '07:00' });
  });
  it('sends every type', () => {
    expect(fromForm(toForm(defaults, null)).channels).toHaveLength(NOTIFICATION_TYPES.length);
  });
});
