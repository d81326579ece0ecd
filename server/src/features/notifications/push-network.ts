// Where web push may send (issue 13, finding 9: SSRF). A push endpoint is a URL the browser hands us, so an
// account could name any address; the server only ever POSTs to `https:` endpoints on public addresses:
// checked when the subscription is registered (400), and again by the socket of every delivery, whose
// `lookup` refuses a non-public address (a DNS answer changed since registration, rebinding, cannot win).
// Redirects are never followed (node:https does not follow them): a 3xx is a failed delivery.
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'node:https';
import { isIP } from 'node:net';
import { MSG } from '@hearth/contract';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import {
  AddressRefusedError,
  type AddressRule,
  allowedAddresses,
  bareHost,
  guardedLookup,
  isPublicAddress,
  type Resolve,
  systemResolve,
} from '../../platform/net/public-address';

/**
 * How the push sender reaches push services. Production passes nothing: the system resolver, public
 * addresses only, the default certificate authorities. Tests inject a resolver, and only the delivery test
 * allows its local HTTPS push service and trusts its self-signed certificate.
 */
export type PushNetwork = {
  resolve?: Resolve;
  allows?: AddressRule;
  /** Certificate authorities to trust instead of the default ones (PEM). */
  ca?: string;
};

/** The endpoint as a URL when it is one we may send to by its form (https, no credentials), else undefined. */
function endpointUrl(endPoint: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(endPoint);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined;
  return url;
}

/** 400 (fields.endPoint) unless the endpoint is https and its host resolves to allowed addresses only. */
export async function assertPushEndpoint(endPoint: string, network: PushNetwork = {}): Promise<void> {
  const refused = badRequest(MSG.pushEndpointRefused, { endPoint: MSG.pushEndpointRefused });
  const url = endpointUrl(endPoint);
  if (!url) throw refused;
  await allowedAddresses(bareHost(url), network.resolve, network.allows).catch(() => {
    throw refused;
  });
}

/** Thrown at send time for an endpoint that is not https (a row stored before the check existed). */
export class EndpointRefusedError extends Error {
  readonly code = 'ERR_ENDPOINT_REFUSED';
  constructor() {
    super('push endpoint refused: not an https URL without credentials');
  }
}

export type PushTransport = {
  /** POSTs to the endpoint; answers the status, or throws (refused address, network error, timeout). */
  post(
    endPoint: string,
    headers: Record<string, string>,
    body: Buffer,
    timeoutMs: number,
  ): Promise<{ status: number; headers: IncomingHttpHeaders }>;
};

export function createPushTransport(network: PushNetwork = {}, maxSockets = 10): PushTransport {
  const resolve = network.resolve ?? systemResolve;
  const allows = network.allows ?? isPublicAddress;
  // The agent's sockets resolve through the guarded lookup: the address checked is the one connected to.
  const agent = new Agent({
    lookup: guardedLookup(resolve, allows),
    maxSockets,
    ...(network.ca ? { ca: network.ca } : {}),
  });
  return {
    async post(endPoint, headers, body, timeoutMs) {
      const url = endpointUrl(endPoint);
      if (!url) throw new EndpointRefusedError();
      // An IP literal never goes through `lookup`: it is checked here (it cannot change).
      const host = bareHost(url);
      if (isIP(host) && !allows(host)) throw new AddressRefusedError(host);
      return new Promise((resolveStatus, reject) => {
        const req = request(
          url,
          {
            method: 'POST',
            agent,
            headers: { ...headers, 'content-length': String(body.length) },
            signal: AbortSignal.timeout(timeoutMs),
          },
          (res) => {
            res.resume();
            res.on('end', () => resolveStatus({ status: res.statusCode ?? 0, headers: res.headers }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
  };
}

/**
 * The push network of an app, found by its database handle: the routes (owned elsewhere) call the
 * subscription service with `app.db` only, and registration must check endpoints with the same resolver
 * and rule as delivery. Set once by installNotifications.
 */
const networks = new WeakMap<Db, PushNetwork>();
export const bindPushNetwork = (db: Db, network: PushNetwork) => networks.set(db, network);
export const pushNetworkOf = (db: Db): PushNetwork => networks.get(db) ?? {};
