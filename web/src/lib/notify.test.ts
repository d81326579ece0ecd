import { describe, expect, it, vi } from 'vitest';
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
});
