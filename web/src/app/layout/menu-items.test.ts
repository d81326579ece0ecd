// The side menu's entries per role (product.md section 2): reports and user administration for
// administrators only.
import { ROLE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { menuEntriesFor } from './menu-items';

const labels = (roleId: number) => menuEntriesFor(roleId).map((e) => e.label);

describe('the side menu', () => {
  it('offers reports and users to administrators', () => {
    expect(labels(ROLE.ADMIN)).toEqual(expect.arrayContaining(['Reports', 'Users']));
    expect(menuEntriesFor(ROLE.ADMIN).find((e) => e.label === 'Reports')?.path).toBe('/reports');
  });

  it('offers neither to staff nor to post managers', () => {
    for (const role of [ROLE.STAFF, ROLE.EDITOR]) {
      expect(labels(role)).not.toContain('Reports');
      expect(labels(role)).not.toContain('Users');
    }
  });
});
