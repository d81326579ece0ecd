import { fillPath, PATHS, ROLE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { roleHasPath } from '../../lib/route-table';

describe('the reach page route', () => {
  it('is for every role: the server decides per post (community managers are staff, issue 33)', () => {
    const path = fillPath(PATHS.postReach, { postId: 12 });
    expect(path).toBe('/post-reach/12');
    expect(roleHasPath(ROLE.ADMIN, path)).toBe(true);
    expect(roleHasPath(ROLE.EDITOR, path)).toBe(true);
    expect(roleHasPath(ROLE.STAFF, path)).toBe(true);
    expect(roleHasPath(4, path)).toBe(false);
  });
});
