// Searching active colleagues by name (the mention search) 500 ms after the last keystroke, for the
// comment box's mentions and the community form's user picker. A newer query aborts the older call.
import { LIMITS, type UserSummary, usersEndpoints } from '@hearth/contract';
import { useEffect, useState } from 'react';
import { call } from '../../lib/endpoint-client';

/** The mention search (product.md section 7): active colleagues whose name starts with `text`. */
export function searchColleagues(text: string, signal?: AbortSignal): Promise<UserSummary[]> {
  // With startString the server answers summaries only (id, name, avatar), never full records.
  return call(
    usersEndpoints.listUsers,
    { query: { fields: 'id,firstName,lastName', startString: text, isActive: 1 } },
    { signal },
  ) as Promise<UserSummary[]>;
}

/** `query` is null until the first search; an empty query clears the results. */
export function useColleagueSearch() {
  const [query, setQuery] = useState<string | null>(null);
  const [users, setUsers] = useState<UserSummary[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (query === null) return;
    const text = query.trim();
    if (text === '') {
      setUsers([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchColleagues(text, controller.signal)
        .then((found) => setUsers(found))
        .catch(() => {
          if (!controller.signal.aborted) setUsers([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, LIMITS.debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return { query, setQuery, users, loading };
}
