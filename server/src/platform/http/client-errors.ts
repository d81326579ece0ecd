// Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a malformed or cut-off
// request, headers that took too long) still answer the error envelope `{ error, code }`, like every other
// error, instead of Fastify's default `{ error, message, statusCode }`. Used as Fastify's clientErrorHandler.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MSG } from '@hearth/contract';

type ClientError = Error & { code?: string };

function answerFor(err: ClientError): { status: number; error: string; code: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, error: MSG.headersTooLarge, code: 'headers_too_large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, error: MSG.somethingWrong, code: 'request_timeout' };
    default:
      return { status: 400, error: MSG.invalidInput, code: 'bad_request' };
  }
}

export function clientErrorHandler(err: ClientError, socket: Socket): void {
  // A reset connection has nobody left to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, error, code } = answerFor(err);
  const body = JSON.stringify({ error, code });
  // Only when nothing of an answer has gone out yet: a half-written response cannot take a second one.
  const written = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !written) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}
