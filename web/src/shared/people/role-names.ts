// The server's role names are not shown (product.md section 3): screens name roles by id.
import { ROLE_LABELS } from '@hearth/contract';

export function roleName(roleId: number | undefined): string {
  if (roleId === undefined) return '-';
  return ROLE_LABELS[roleId] ?? `Role ${roleId}`;
}
