// Small helpers the features' queries share: which ids are worth asking about, a route's id parameter, the
// options of a query about one id (a building block of the query factories), the options of a query that
// fills a form, a mutation that reloads some cached lists once it is through, and the start of a query by
// a route loader (ADR 046).
import type { AnswerData, Endpoint } from '@hearth/contract';
import {
  type InfiniteQueryExecuteOptions,
  type QueryClient,
  type QueryExecuteOptions,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type CallOptions, call } from './endpoint-client';

/** A database id: a positive whole number (a missing or bad route id is not asked about). */
export const validId = (id: number | undefined): id is number =>
  id !== undefined && Number.isInteger(id) && id > 0;

/** A route's id parameter: undefined when absent or not a database id (the form pages and their loaders). */
export const parseRouteId = (value: string | undefined): number | undefined =>
  value && /^\d{1,10}$/.test(value) ? Number(value) : undefined;

/**
 * How long an answer counts as current for a screen that must start from what is stored now (a form, a
 * setting, the notification history): long enough that the request its route loader made while the page's
 * code loaded is the page's, not followed by a second one as the page mounts; far from a copy loaded
 * minutes ago. A save marks the copy stale at once anyway (invalidation).
 */
export const JUST_ASKED_MS = 5_000;

/** A form must start from what is stored now, not from a copy loaded minutes ago; a refusal is final. */
export const FRESH = { staleTime: JUST_ASKED_MS, retry: false } as const;

type IdQueryOptions = {
  /** Asked only while this is true (and the id is valid). */
  enabled?: boolean;
  staleTime?: number;
  gcTime?: number;
  retry?: boolean;
  refetchOnWindowFocus?: boolean;
};

/** The options of a query about the thing `id` names; without a valid id it waits and calls nothing. */
export function idQuery<T, K extends QueryKey>(
  id: number | undefined,
  key: (id: number) => K,
  fetch: (id: number, signal: AbortSignal) => Promise<T>,
  { enabled = true, ...options }: IdQueryOptions = {},
) {
  return queryOptions({
    queryKey: key(id ?? 0),
    queryFn: ({ signal }) => fetch(id ?? 0, signal),
    enabled: enabled && validId(id),
    ...options,
  });
}

/** The fetch of an entry whose only path parameter is the id (named `param`), for idQuery. */
export function byId<E extends Endpoint>(entry: E, param = 'id') {
  // The entry's input type is a conditional one that a generic entry cannot meet; its path has `param`.
  const send = call as (entry: E, input: unknown, options: CallOptions) => Promise<AnswerData<E>>;
  return (id: number, signal: AbortSignal) => send(entry, { params: { [param]: id } }, { signal });
}

/** A mutation that, once it succeeds (or at all, with `settled`), marks the cached `keys` stale. */
export function useInvalidatingMutation<B, R>(
  mutationFn: (body: B) => Promise<R>,
  keys: readonly QueryKey[],
  when: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const invalidate = () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn,
    ...(when === 'success' ? { onSuccess: invalidate } : { onSettled: invalidate }),
  });
}

/** Whether the page's own hook would ask: a factory's `enabled` says so from the arguments alone. */
type MaybeEnabled = { enabled?: unknown };
const ignore = () => {};

/**
 * Starts a query for a route loader (lib/route-loader.ts): the request (or the cached answer while it is
 * fresh by the factory's staleTime) is there when the page's hook asks under the same key. Nothing when the
 * factory is disabled for these arguments (an invalid id, an empty search), as the page's hook would not
 * ask either. Errors are left for the page's hooks to show. `queryClient.query` is what TanStack Query
 * 5.108 offers in place of the deprecated prefetchQuery (the same fetch, with the error ours to drop).
 */
export function prefetch<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: QueryExecuteOptions<TQueryFnData, TError, TData, TQueryFnData, TQueryKey> & MaybeEnabled,
): void {
  if (options.enabled === false) return;
  queryClient.query(options).catch(ignore);
}

/** prefetch for an infinite query (its first page), in place of the deprecated prefetchInfiniteQuery. */
export function prefetchInfinite<TQueryFnData, TError, TData, TQueryKey extends QueryKey, TPageParam>(
  queryClient: QueryClient,
  options: InfiniteQueryExecuteOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam> & MaybeEnabled,
): void {
  if (options.enabled === false) return;
  queryClient.infiniteQuery(options).catch(ignore);
}
