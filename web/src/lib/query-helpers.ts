// Small helpers the features' API hooks share: which ids are worth asking about, a query about one id, the
// options of a query that fills a form, and a mutation that reloads some cached lists once it is through.
import type { AnswerData, Endpoint } from '@hearth/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallOptions, call } from './endpoint-client';

/** A database id: a positive whole number (a missing or bad route id is not asked about). */
export const validId = (id: number | undefined): id is number =>
  id !== undefined && Number.isInteger(id) && id > 0;

/** A form must start from what is stored now, not from a copy loaded minutes ago; a refusal is final. */
export const FRESH = { staleTime: 0, retry: false } as const;

type IdQueryOptions = {
  /** Asked only while this is true (and the id is valid). */
  enabled?: boolean;
  staleTime?: number;
  gcTime?: number;
  retry?: boolean;
  refetchOnWindowFocus?: boolean;
};

/** A query about the thing `id` names; without a valid id it waits and calls nothing. */
export function useIdQuery<T>(
  id: number | undefined,
  key: (id: number) => QueryKey,
  fetch: (id: number, signal: AbortSignal) => Promise<T>,
  { enabled = true, ...options }: IdQueryOptions = {},
) {
  return useQuery({
    queryKey: key(id ?? 0),
    queryFn: ({ signal }) => fetch(id ?? 0, signal),
    enabled: enabled && validId(id),
    ...options,
  });
}

/** The fetch of an entry whose only path parameter is the id (named `param`), for useIdQuery. */
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
