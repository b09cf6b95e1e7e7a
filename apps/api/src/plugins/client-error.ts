import http from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './error-handler.js';
import { FRAMEWORK_ERROR_HEADERS } from './security.js';

/**
 * What Node answers itself when it cannot even parse a request (a malformed header line, headers
 * over 16 KB, a request that took too long to arrive): Fastify's default wrote a bare JSON body
 * with none of the security headers (decision 080). This answer has them, and the error shape.
 */
const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'The request headers are too large',
  },
};
const MALFORMED = { status: 400, code: 'BAD_REQUEST', message: 'The request is malformed' };

/** Fastify's `clientErrorHandler`: one answer on the raw socket, then the socket is closed. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one to answer (Node's own handler does the same).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = CLIENT_ERRORS[err.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify(errorBody(status, code, message));
  const headers = {
    ...FRAMEWORK_ERROR_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  if (socket.writable) {
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy(err);
}
