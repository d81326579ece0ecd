// The typed client: the web calls the API only through `call(entry, input)`, with an entry of the
// endpoint table (contract/src/endpoints/). The entry gives the method and path; the input's params, query
// and body are typed from its schemas and the answer from its success schema. No path is written in web/.
// ADR 026.
import {
  type AnswerData,
  type BodyIn,
  type Endpoint,
  fillPath,
  type ParamsIn,
  type QueryIn,
} from '@hearth/contract';
import type { z } from 'zod';
import { apiRequest, apiUrl, type RequestOptions } from './api';

/** Path and query values may be given as numbers where the schema reads digits from text. */
type Loose<T> = { [K in keyof T]: NonNullable<T[K]> extends string ? T[K] | number : T[K] };

type Has<S> = S extends z.ZodType ? true : false;
/** What `call` needs besides the entry: params and body when the entry has them, an optional query. */
export type CallInput<E extends Endpoint> = (Has<E['params']> extends true
  ? { params: Loose<ParamsIn<E>> }
  : { params?: undefined }) &
  (Has<E['query']> extends true ? { query?: Loose<QueryIn<E>> } : { query?: undefined }) &
  (Has<E['body']> extends true ? { body: BodyIn<E> } : { body?: undefined });

export type CallOptions = Pick<RequestOptions, 'signal' | 'timeoutMs' | 'headers' | 'keepalive'>;

type Query = Record<string, string | number | boolean | null | undefined>;

/** The address of an entry (for what fetch cannot do: upload progress, an event stream). */
export function endpointUrl<E extends Endpoint>(entry: E, input?: Pick<CallInput<E>, 'params' | 'query'>) {
  return apiUrl(fillPath(entry.path, input?.params), input?.query as Query | undefined);
}

/** Calls `entry`; resolves to the answer's `data`. Public entries are sent without the access token. */
export function call<E extends Endpoint>(
  entry: E,
  ...[input, options]: Has<E['params']> | Has<E['body']> extends false
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions]
): Promise<AnswerData<E>> {
  return apiRequest<AnswerData<E>>(fillPath(entry.path, input?.params), {
    ...options,
    method: entry.method,
    query: input?.query as Query | undefined,
    body: input?.body,
    auth: entry.access !== 'public',
  });
}
