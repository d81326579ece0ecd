import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { bindToastApi, onToastOutletNeeded, toastError, toastSuccess } from './notify';

describe('toasts', () => {
  it('wait for the outlet, ask for it once it can be mounted, and show in order when it binds', () => {
    const mount = vi.fn();
    toastSuccess('Saved');
    onToastOutletNeeded(mount);
    expect(mount).toHaveBeenCalledTimes(1); // a toast was already waiting
    toastError(new Error('boom'), 'Could not save');
    expect(mount).toHaveBeenCalledTimes(2);

    const shown: string[] = [];
    bindToastApi({ error: (t) => shown.push(`error: ${t}`), success: (t) => shown.push(`ok: ${t}`) });
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
    bindToastApi({ error: (t, reference) => shown.push([t, reference]), success: () => undefined });
    toastError(new ApiError(500, 'internal', 'Something went wrong', undefined, 'req-42'));
    toastError(new ApiError(0, 'NETWORK', 'Could not reach the server.'));
    expect(shown).toEqual([
      ['Something went wrong', 'req-42'],
      ['Could not reach the server.', undefined],
    ]);
    bindToastApi(null);
  });
});
