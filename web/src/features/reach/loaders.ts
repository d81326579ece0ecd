// The reach page's route loader (ADR 046): the post's reach, for the id the page reads from its address.
import { prefetch } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { postReachQuery } from './queries';

/** /post-reach/:postId's id, or NaN (nothing asked) when it is not one. */
export function parseReachPostId(value: string | undefined): number {
  return value && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
}

export const reachLoaders: RouteLoaders = {
  postReach: ({ params, queryClient }) =>
    prefetch(queryClient, postReachQuery(parseReachPostId(params.postId))),
};
