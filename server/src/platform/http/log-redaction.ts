// Credentials never reach the log (product.md section 10, Operations). The stream no longer takes a token in
// its URL, but a client may still put one there (an old web build, a typo'd integration), and mail links
// carry one, and an identity provider's answer carries an authorization code and its state: so every log
// line is rewritten before it is written, whatever field holds the text: the value of any token-like query
// parameter, and anything shaped like a JWT, become `[redacted]`.
import type { DestinationStream } from 'pino';

/** A query parameter whose name says it is a credential: access_token, token, ticket, refreshToken, key... */
const TOKEN_PARAM =
  /([?&;](?:[^=&#\s"\\]*)(?:token|ticket|secret|passw|signature|sig|key|auth|code|session|state)(?:[^=&#\s"\\]*)=)([^&#\s"\\]+)/gi;
/** Header.payload.signature of a JWT: base64url JSON starts with `eyJ`. */
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/** The text with credential-like query values and JWTs replaced by `[redacted]`. */
export function redactCredentials(text: string): string {
  // Most lines have neither a query string nor a JWT: skip the regular expressions for them.
  if (!text.includes('=') && !text.includes('eyJ')) return text;
  return text.replace(TOKEN_PARAM, '$1[redacted]').replace(JWT, '[redacted]');
}

/** Fastify's request serializer, with the URL's credentials redacted. */
export function requestSerializer(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactCredentials(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A pino destination that redacts every line before handing it to `out` (stdout by default). */
export function redactingDestination(out: DestinationStream): DestinationStream {
  return { write: (line: string) => out.write(redactCredentials(line)) };
}
