import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, pushState, registrationBody } from './push';

describe('web push helpers', () => {
  it('decodes a base64url VAPID key', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });

  it('builds the register body from PushSubscription.toJSON()', () => {
    expect(
      registrationBody({ endpoint: 'https://push.example/x', keys: { p256dh: 'pk', auth: 'au' } }),
    ).toEqual({
      endPoint: 'https://push.example/x',
      mkey: 'pk',
      authSecret: 'au',
    });
    expect(registrationBody({ endpoint: 'https://push.example/x' })).toBeUndefined();
  });

  it('is unsupported outside a browser', () => {
    expect(pushState()).toBe('unsupported');
  });
});
