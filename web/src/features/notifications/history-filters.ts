// The notification centre's filters as the address holds them (`?filter=unread&type=COMMENT`) and the
// history request they make: read by the page and by its route loader, whose chunk stays light.
import { NOTIFICATION_TYPES, type NotificationType } from '@hearth/contract';

export type HistoryFilter = 'all' | 'unread';
export type HistoryFilters = { filter: HistoryFilter; type: NotificationType | undefined };

const isType = (value: string | null): value is NotificationType =>
  value !== null && (NOTIFICATION_TYPES as readonly string[]).includes(value);

/** The filters from the address (`?filter=unread&type=COMMENT`); anything unknown means "every". */
export function filtersFrom(params: URLSearchParams): HistoryFilters {
  const type = params.get('type');
  return {
    filter: params.get('filter') === 'unread' ? 'unread' : 'all',
    type: isType(type) ? type : undefined,
  };
}

/** The address's query for these filters: defaults are left out, so the plain page is `/notifications`. */
export function filtersToParams({ filter, type }: HistoryFilters): Record<string, string> {
  return { ...(filter === 'unread' ? { filter } : {}), ...(type ? { type } : {}) };
}

/** The query of one history page: the filters, and the cursor after the first page. */
export function historyQuery({ filter, type }: HistoryFilters, next: string) {
  return { filter, ...(type ? { type } : {}), ...(next ? { next } : {}) };
}
