/**
 * The development log (LOG_FORMAT=readable, docs/operations.md "Logs"): pino writes its JSON lines
 * to this stream, which prints each as one readable line: the local time, the level and the
 * message, then any other fields as key=value, and an error's stack under it. Production keeps
 * pino's JSON lines, which log collectors read.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { loggedUrl } from './logger.js';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every line has, or that the message already says. */
const SHOWN_OR_NOISE = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'err']);

/**
 * Fastify's own "Server listening at http://127.0.0.1:3000": the start-up block names the one
 * address to open (PUBLIC_URL), so a second address for the same server is left out.
 */
const FASTIFY_LISTENING = /^Server listening at /;

function timeOf(epochMs: unknown): string {
  const date = typeof epochMs === 'number' ? new Date(epochMs) : new Date();
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** One log record as a readable line (or lines, for an error's stack); null to leave it out. */
export function readableLine(record: Record<string, unknown>): string | null {
  const message = typeof record.msg === 'string' ? record.msg : '';
  if (FASTIFY_LISTENING.test(message)) return null;
  const level = LEVELS[Number(record.level)] ?? String(record.level);
  const fields = Object.entries(record)
    .filter(([key]) => !SHOWN_OR_NOISE.has(key))
    .map(([key, value]) => `${key}=${valueText(value)}`);
  let line = `${timeOf(record.time)} ${level} ${message}`;
  if (fields.length > 0) line += `  ${fields.join(' ')}`;
  const err = record.err as { message?: string; stack?: string } | undefined;
  if (err) line += `\n${err.stack ?? err.message ?? valueText(err)}`;
  return line;
}

/** A pino destination printing readable lines on `out` (stdout by default). */
export function readableLogStream(
  out: { write(text: string): unknown } = process.stdout,
): DestinationStream {
  return {
    write(chunk: string) {
      for (const text of chunk.split('\n')) {
        if (text.trim() === '') continue;
        let record: Record<string, unknown>;
        try {
          record = JSON.parse(text) as Record<string, unknown>;
        } catch {
          out.write(`${text}\n`);
          continue;
        }
        const line = readableLine(record);
        if (line !== null) out.write(`${line}\n`);
      }
    },
  };
}

/**
 * Fastify's request logging for the readable log: one line when the answer is sent,
 * `GET /api/v1/users/dashboard 200 12 ms` (the path without its query), instead of an
 * "incoming request" and a "request completed" line. Errors are logged as before.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${loggedUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
