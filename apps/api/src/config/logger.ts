import type { LoggerOptions } from 'pino';

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

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      // One-time tokens travel in a few URLs (activation check): mask them in request logs.
      req: (req: { method: string; url: string; headers?: Record<string, unknown> }) => ({
        method: req.method,
        url: req.url.replace(/(verify-activation\/)[^/?]+/, '$1[redacted]'),
      }),
    },
  };
}
