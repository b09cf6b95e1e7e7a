import { stdSerializers, type LoggerOptions } from 'pino';

/** Passwords, tokens and cookies never reach the log. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
];

/**
 * A logged URL: the path only (query strings carry reset tokens and search terms), with the
 * activation token of the one path that holds one masked.
 */
export function loggedUrl(url: string): string {
  const pathOnly = url.split(/[?#]/, 1)[0] ?? '';
  return pathOnly.replace(/(verify-activation\/)[^/]+/, '$1[redacted]');
}

/** Properties of database errors that hold the statement's values (a key, an e-mail, a hash). */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'detail']);
const PARAMS_IN_TEXT = /(\nparams: )[\s\S]*?(?=\n\s+at |$)/g;

/**
 * Removes the parameter values a failed query carries (Drizzle puts them in the message, the
 * stack and `params`; PostgreSQL repeats a conflicting key in `detail`) at every depth.
 */
function scrubValues(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (VALUE_PROPERTIES.has(key)) out[key] = '[redacted]';
    else if (typeof inner === 'string' && (key === 'message' || key === 'stack')) {
      out[key] = inner.replace(PARAMS_IN_TEXT, '$1[redacted]');
    } else out[key] = scrubValues(inner, depth + 1);
  }
  return out;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; headers?: Record<string, unknown> }) => ({
        method: req.method,
        url: loggedUrl(req.url),
      }),
      err: (err: Error) => scrubValues(stdSerializers.err(err)),
    },
  };
}
