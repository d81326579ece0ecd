// Shapes user rows for the API: never a password hash, booleans as product.md's 0/1, role as { id, name }.
import type { Group, User, UserSummary } from '@hearth/contract';
import { fileUrl } from '../files/presenter';

export type SummaryRow = { id: number; firstName: string; lastName: string; imageKey: string | null };

export const summaryOf = (r: SummaryRow): UserSummary => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  profileImage: fileUrl(r.imageKey),
});

/** A user row as the user screens read it: the user's columns, the role and the avatar's storage key. */
export type UserRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  jobTitle: string | null;
  isActive: boolean;
  isVerified: boolean;
  createdAt: Date;
  lastLoggedInAt: Date | null;
  userTypeId: number | null;
  roleId: number;
  roleName: string;
  imageKey: string | null;
};

/** The full user view: role as { id, name } (twice, as the web reads both), groups by type then id. */
export function presentUser(r: UserRow, memberOf: Group[]): User {
  const role = { id: r.roleId, name: r.roleName };
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    jobTitle: r.jobTitle,
    isActive: r.isActive ? 1 : 0,
    isVerified: r.isVerified ? 1 : 0,
    createdAt: r.createdAt.toISOString(),
    lastLoggedInAt: r.lastLoggedInAt?.toISOString() ?? null,
    role,
    roles: role,
    userTypeId: r.userTypeId,
    groups: memberOf.sort((a, b) => a.groupTypeId - b.groupTypeId || a.id - b.id),
    profileImage: fileUrl(r.imageKey),
  };
}
