import type { Config } from './config/env.js';

/** What this process exposes, said once at start (README "Modes", decision 080). */
export function describeMode(config: Config) {
  const trust = config.trustProxy;
  return {
    mode: config.env,
    listening: `${config.host}${config.host === '127.0.0.1' || config.host === 'localhost' ? ' (this machine only; set HOST=0.0.0.0 to open it)' : ''}`,
    demo: config.exposure.demo ? 'on: demo members with known passwords' : 'off',
    devTools: config.exposure.devTools ? 'on: /api/dev/outbox shows every e-mailed link' : 'off',
    apiDocs: config.exposure.apiDocs ? 'on: /api/docs' : 'off',
    mail: config.mail === 'smtp' ? 'SMTP' : 'log (recipient and subject only; nothing is sent)',
    trustProxy:
      trust === false ? 'none' : typeof trust === 'number' ? `${trust} hop(s)` : trust.join(', '),
  };
}
