import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a proxy's request id may look like: short, and nothing a log line could be forged with. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request in the log and in its answer's `X-Request-Id`: the proxy's `X-Request-Id`
 * when the app sits behind trusted proxies (TRUST_PROXY) and the value is well-formed, so one id
 * follows a request from nginx to the log; otherwise a random UUID, unique across instances
 * (Fastify's default, req-1, req-2 …, repeats on every instance and every restart).
 */
export function requestIdGenerator(trustsProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const given = req.headers['x-request-id'];
    if (trustsProxy && typeof given === 'string' && REQUEST_ID.test(given)) return given;
    return randomUUID();
  };
}
