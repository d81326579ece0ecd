// One colleague's profile (GET /people/{id}): read by the person page and by the mention card, which share
// its cache, so hovering a name after opening the page (or the other way round) asks nothing again.
import { peopleEndpoints } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

export const personKeys = {
  all: ['people'] as const,
  one: (id: number) => ['people', 'one', id] as const,
};

export const personQuery = (id: number, enabled = true) =>
  queryOptions({
    queryKey: personKeys.one(id),
    queryFn: () => call(peopleEndpoints.getPerson, { params: { id } }),
    enabled: enabled && id > 0,
    staleTime: 60_000,
  });

export function usePerson(id: number, enabled = true) {
  return useQuery(personQuery(id, enabled));
}
