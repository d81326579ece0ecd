// A GET of an address someone else chose (a picture named in an identity provider's claims), under ADR 017's
// rules: `https:` without credentials in the URL, public addresses only, checked by the socket's own
// `lookup` (guardedLookup) so a DNS answer changed since any earlier check cannot win; IP literals, which
// skip the lookup, are checked before connecting. On top of that: one deadline for the whole exchange
// (redirects and body included), a size limit enforced while reading (a lying or missing Content-Length
// changes nothing), a few redirects each checked as the first address was, and only accepted content types.
import type { IncomingMessage } from 'node:http';
import { Agent, request } from 'node:https';
import { isIP } from 'node:net';
import {
  AddressRefusedError,
  type AddressRule,
  bareHost,
  guardedLookup,
  isPublicAddress,
  type Resolve,
  systemResolve,
} from './public-address';

/**
 * How outbound requests reach the network. Production passes nothing: the system resolver, public addresses
 * only, the default certificate authorities. Tests inject a resolver, allow their local HTTPS server's
 * address and trust its self-signed certificate.
 */
export type OutboundNetwork = {
  resolve?: Resolve;
  allows?: AddressRule;
  /** Certificate authorities to trust instead of the default ones (PEM). */
  ca?: string;
};

export type FetchLimits = {
  /** The whole exchange: every connection, redirect and the body. */
  timeoutMs: number;
  /** The body is read up to this many bytes; one more and the fetch is refused. */
  maxBytes: number;
  /** Redirects followed (each re-checked); one more is refused. */
  maxRedirects: number;
  /** Whether a media type (lower-case, without parameters) is accepted. */
  accepts(mediaType: string): boolean;
  /** The Accept header sent. */
  accept: string;
};

/** Why a fetch was refused before or after connecting (the address itself: AddressRefusedError). */
export class FetchRefusedError extends Error {
  readonly code = 'ERR_FETCH_REFUSED';
}

/** The address as a URL when its form may be fetched (https, no user or password), else refused. */
export function httpsUrl(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new FetchRefusedError('not a URL');
  }
  if (url.protocol !== 'https:') throw new FetchRefusedError('not https');
  if (url.username || url.password) throw new FetchRefusedError('credentials in the URL');
  return url;
}

/** The address without its query and fragment (which may hold a signature or token): fit for a log. */
export function loggableUrl(address: string): string {
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type Fetched = { body: Buffer; mediaType: string };

export type PublicFetcher = { get(address: string, limits: FetchLimits): Promise<Fetched> };

export function createPublicFetcher(network: OutboundNetwork = {}): PublicFetcher {
  const resolve = network.resolve ?? systemResolve;
  const allows = network.allows ?? isPublicAddress;
  // The agent's sockets resolve through the guarded lookup: the address checked is the one connected to.
  const agent = new Agent({
    lookup: guardedLookup(resolve, allows),
    ...(network.ca ? { ca: network.ca } : {}),
  });

  const open = (url: URL, limits: FetchLimits, signal: AbortSignal) =>
    new Promise<IncomingMessage>((answered, reject) => {
      const host = bareHost(url);
      if (isIP(host) && !allows(host)) return reject(new AddressRefusedError(host));
      const req = request(
        url,
        { method: 'GET', agent, signal, headers: { accept: limits.accept } },
        answered,
      );
      req.on('error', reject);
      req.end();
    });

  return {
    async get(address, limits) {
      const signal = AbortSignal.timeout(limits.timeoutMs);
      let url = httpsUrl(address);
      for (let redirects = 0; ; redirects++) {
        const res = await open(url, limits, signal);
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          res.destroy();
          if (redirects >= limits.maxRedirects) throw new FetchRefusedError('too many redirects');
          const location = res.headers.location;
          if (!location) throw new FetchRefusedError(`${status} without a location`);
          url = httpsUrl(location, url);
          continue;
        }
        if (status !== 200) {
          res.destroy();
          throw new FetchRefusedError(`answered ${status}`);
        }
        const mediaType = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (!limits.accepts(mediaType)) {
          res.destroy();
          throw new FetchRefusedError(`content type ${mediaType || '(none)'}`);
        }
        if (Number(res.headers['content-length']) > limits.maxBytes) {
          res.destroy();
          throw new FetchRefusedError('too large');
        }
        return { body: await readUpTo(res, limits.maxBytes), mediaType };
      }
    },
  };
}

/** The body, refused as soon as it grows past `maxBytes` (the rest is never read). */
async function readUpTo(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // The request's signal destroys the response too, which ends this loop with the abort's error.
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw new FetchRefusedError('too large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
