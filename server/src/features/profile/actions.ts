// The caller's counts for the profile's Likes and Favourites tabs (product.md section 3: counts of likes,
// favourites and surveys). Likes and favourites count posts the caller can still see, so each count
// matches the list its tab shows. There is no survey-instance table yet: the surveys feature adds it here.
import type { UserActions } from '@hearth/contract';
import type { Db } from '../../db/client';
import { countVisibleActions } from '../feed/queries';

export async function countUserActions(db: Db, userId: number): Promise<UserActions> {
  const { likes, favourites } = await countVisibleActions(db, userId);
  return { likes, favourites, surveys: 0 };
}
