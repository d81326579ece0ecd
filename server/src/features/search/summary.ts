// What a search finds before a tab is chosen (issue 33): each kind's count, so the page opens on the first
// tab with results, and "Did you mean" when a word is unknown and its closest known spelling finds more.
import type { ProfileFieldsSetting, SearchSummary } from '@hearth/contract';
import type { Viewer } from '../../access/communities';
import type { Db } from '../../db/client';
import { type CountOptions, type KindCount, searchCounts } from './search';
import { respell } from './spelling';

const total = (counts: KindCount[]) => counts.reduce((sum, c) => sum + c.count, 0);

export async function searchSummary(
  db: Db,
  viewer: Viewer,
  fields: ProfileFieldsSetting,
  text: string,
  o: CountOptions,
): Promise<SearchSummary> {
  const [counts, spelled] = await Promise.all([searchCounts(db, viewer, fields, text, o), respell(db, text)]);
  // Offered only when the searcher finds more with it: the word list is everyone's, what they find is theirs.
  const better = spelled ? total(await searchCounts(db, viewer, fields, spelled, o)) > total(counts) : false;
  return { counts, didYouMean: better ? spelled : null };
}
