import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  bindToastApi,
  onToastOutletNeeded,
  pageChanged,
  TOAST_CARRIES_OVER_MS,
  toastError,
  toastSuccess,
} from './notify';

const close = () => undefined;

describe('toasts', () => {
  it('wait for the outlet, ask for it once it can be mounted, and show in order when it binds', () => {
    const mount = vi.fn();
    toastSuccess('Saved');
    onToastOutletNeeded(mount);
    expect(mount).toHaveBeenCalledTimes(1); // a toast was already waiting
    toastError(new Error('boom'), 'Could not save');
    expect(mount).toHaveBeenCalledTimes(2);

    const shown: string[] = [];
    bindToastApi({ error: (t) => shown.push(`error: ${t}`), success: (t) => shown.push(`ok: ${t}`), close });
    expect(shown).toEqual(['ok: Saved', 'error: Could not save']);

    // Once bound, a toast shows at once and mounts nothing more.
    toastSuccess('Again');
    expect(shown.at(-1)).toBe('ok: Again');
    expect(mount).toHaveBeenCalledTimes(2);
    bindToastApi(null);
    onToastOutletNeeded(null);
  });

  it("gives an error toast the failed request's id as its reference", () => {
    const shown: [string, string | undefined][] = [];
    bindToastApi({
      error: (t, _key, reference) => shown.push([t, reference]),
      success: () => undefined,
      close,
    });
    toastError(new ApiError(500, 'internal', 'Something went wrong', undefined, 'req-42'));
    toastError(new ApiError(0, 'NETWORK', 'Could not reach the server.'));
    expect(shown).toEqual([
      ['Something went wrong', 'req-42'],
      ['Could not reach the server.', undefined],
    ]);
    bindToastApi(null);
  });

  it('close with their page, except those shown just before the move, which are about it', () => {
    const open = new Set<string>();
    bindToastApi({
      error: (_t, key) => open.add(key),
      success: (_t, key) => open.add(key),
      close: (key) => open.delete(key),
    });
    const now = Date.now();
    toastSuccess('Key stats successfully updated');
    toastError(new Error('boom'), 'Could not save');
    const [saved, failed] = [...open];
    // The save opened the stats: the confirmation is about that move and stays.
    pageChanged(now + 100);
    expect([...open]).toEqual([saved, failed]);
    // The reader goes on to another page: both go.
    pageChanged(now + TOAST_CARRIES_OVER_MS + 100);
    expect([...open]).toEqual([]);
    bindToastApi(null);
  });
});
