import { fillPath, PATHS, ROLE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { roleHasPath } from '../../lib/route-table';

describe('the reach page route', () => {
  it('is for administrators and post managers, not staff (the server decides per post)', () => {
    const path = fillPath(PATHS.postReach, { postId: 12 });
    expect(path).toBe('/post-reach/12');
    expect(roleHasPath(ROLE.ADMIN, path)).toBe(true);
    expect(roleHasPath(ROLE.EDITOR, path)).toBe(true);
    expect(roleHasPath(ROLE.STAFF, path)).toBe(false);
  });
});
