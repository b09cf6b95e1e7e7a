import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino(loggerOptions('info'), stream), lines };
}

describe('log redaction', () => {
  it('never writes passwords, tokens or cookies', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        body: {
          identifier: 'ada@demo.coop',
          password: 'Demo!2345',
          newPassword: 'New!23456',
          currentPassword: 'Old!23456',
          confirmPassword: 'New!23456',
          token: 'one-time-secret',
          refreshToken: 'refresh-secret',
        },
        data: { accessToken: 'jwt-secret' },
        res: { headers: { 'set-cookie': 'coop_refresh=cookie-secret' } },
      },
      'request finished',
    );
    const line = lines.join('');
    for (const secret of [
      'Demo!2345',
      'New!23456',
      'Old!23456',
      'one-time-secret',
      'refresh-secret',
      'jwt-secret',
      'cookie-secret',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('ada@demo.coop');
    expect(line).toContain('[redacted]');
  });

  it('keeps the authorization header, cookies and activation tokens in URLs out of request logs', () => {
    const { logger, lines } = capture();
    logger.info({
      req: {
        method: 'GET',
        url: '/api/v1/auth/verify-activation/secret-activation-token?x=1',
        headers: { authorization: 'Bearer jwt-secret', cookie: 'coop_refresh=cookie-secret' },
      },
    });
    const line = lines.join('');
    expect(line).toContain('"/api/v1/auth/verify-activation/[redacted]"');
    expect(line).not.toContain('x=1');
    expect(line).not.toContain('secret-activation-token');
    expect(line).not.toContain('jwt-secret');
    expect(line).not.toContain('cookie-secret');
  });
});
