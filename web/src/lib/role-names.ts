// The server's role names are not shown (SPEC section 3): screens name roles by id.
import { ROLE } from '@hearth/contract';

const ROLE_NAMES: Record<number, string> = {
  [ROLE.ADMIN]: 'Administrator',
  [ROLE.STAFF]: 'Staff',
  [ROLE.EDITOR]: 'Post manager',
};

export function roleName(roleId: number | undefined): string {
  if (roleId === undefined) return '-';
  return ROLE_NAMES[roleId] ?? `Role ${roleId}`;
}
