import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake gateway took, as Termii's send endpoint receives it. */
export interface TermiiRequest {
  api_key: string;
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
}

/**
 * A local stand-in for Termii's `POST /api/sms/send` (decision 164) on an ephemeral loopback
 * port: it answers as Termii documents (200 with a message id), or, for the next `failNext`
 * requests, with `failWith` (a 503 by default), so a test sees the worker retry.
 */
export interface FakeTermii {
  baseUrl: string;
  received: TermiiRequest[];
  /** The next n requests answer `status` with Termii's error body. */
  fail(n: number, status?: number, message?: string): void;
  close(): Promise<void>;
}

export async function startFakeTermii(): Promise<FakeTermii> {
  const received: TermiiRequest[] = [];
  let failures = 0;
  let failStatus = 503;
  let failMessage = 'Service unavailable';
  let nextId = 1;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/api/sms/send') {
        res.statusCode = 404;
        res.end(JSON.stringify({ message: 'Not found' }));
        return;
      }
      if (failures > 0) {
        failures -= 1;
        res.statusCode = failStatus;
        res.end(JSON.stringify({ message: failMessage }));
        return;
      }
      received.push(JSON.parse(body) as TermiiRequest);
      res.end(
        JSON.stringify({
          message_id: `fake-${nextId++}`,
          message: 'Successfully Sent',
          balance: 100,
          user: 'Test Cooperative',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    fail(n, status = 503, message = 'Service unavailable') {
      failures = n;
      failStatus = status;
      failMessage = message;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
