// Shapes people for the directory, the mention card and the profile: only the fields the viewer may see
// (ADR 032); a hidden field is null, and the answer's `fields` tells hidden from empty. Pure: no database.
import type { PersonCard, PersonProfile, ProfileFieldsSetting } from '@hearth/contract';
import { fileUrl } from '../files/presenter';
import type { Places } from './places';

export type CardRow = Partial<Places> & {
  id: number;
  firstName: string;
  lastName: string;
  imageKey: string | null;
  jobTitle: string | null;
};

export function presentCard(r: CardRow, fields: ProfileFieldsSetting): PersonCard {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    profileImage: fileUrl(r.imageKey),
    jobTitle: fields.jobTitle ? r.jobTitle : null,
    location: fields.location ? (r.location ?? null) : null,
    department: fields.department ? (r.department ?? null) : null,
  };
}

export type ProfileRow = CardRow & { email: string; phone: string | null; isActive: boolean };

export function presentProfile(
  r: ProfileRow,
  fields: ProfileFieldsSetting,
  activity: Pick<PersonProfile, 'communities' | 'posts' | 'comments'>,
): PersonProfile {
  return {
    ...presentCard(r, fields),
    email: fields.email ? r.email : null,
    phone: fields.phone ? r.phone : null,
    isActive: r.isActive ? 1 : 0,
    fields,
    ...activity,
  };
}
