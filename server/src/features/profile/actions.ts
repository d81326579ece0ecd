// The caller's counts for the profile's Likes and Favourites tabs (SPEC section 3: counts of likes,
// favourites and surveys). There are no like, favourite or survey-instance tables yet: when the feed and
// survey features add them, this one function gains their counts and the endpoint follows.
import type { UserActions } from '@hearth/contract';
import type { Db } from '../../db/client';

export async function countUserActions(_db: Db, _userId: number): Promise<UserActions> {
  return { likes: 0, favourites: 0, surveys: 0 };
}
