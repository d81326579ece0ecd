import { MSG } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { base64UrlToBytes, pushState, registerSubscription, registrationBody } from './push';

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

  it('registers the subscription; when its endpoint is another user’s (409), renews it once', async () => {
    const json = (endpoint: string) => ({ endpoint, keys: { p256dh: 'pk', auth: 'au' } });
    const posted: string[] = [];
    let unsubscribed = 0;
    const old = { toJSON: () => json('https://push.example/old'), unsubscribe: async () => !!++unsubscribed };
    const fresh = async () => ({ toJSON: () => json('https://push.example/new') });
    const taken = new ApiError(409, 'conflict', MSG.pushEndpointRefused, {
      endPoint: MSG.pushEndpointRefused,
    });
    await registerSubscription(old, fresh, async (body) => {
      posted.push(body.endPoint);
      if (body.endPoint.endsWith('/old')) throw taken;
    });
    expect(posted).toEqual(['https://push.example/old', 'https://push.example/new']);
    expect(unsubscribed).toBe(1);

    // Any other refusal (too many browsers) is not worked around: it goes to enablePush's log.
    const tooMany = new ApiError(409, 'conflict', MSG.pushTooMany);
    await expect(
      registerSubscription(old, fresh, async () => {
        throw tooMany;
      }),
    ).rejects.toBe(tooMany);
    expect(unsubscribed).toBe(1);
  });
});
