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

/**
 * The block a readable start-up log ends with (docs/operations.md "Logs"): the one address to
 * open, the demo sign-ins when this database holds the demo (`demoSignIns`, from the demo
 * module; empty otherwise), and where e-mails go.
 */
export function startupBlock(
  config: Config,
  { database, demoSignIns }: { database: string; demoSignIns: readonly string[] },
): string {
  const lines = [`Coop Portal is ready: open ${config.publicUrl}  (${database})`, ''];
  if (demoSignIns.length > 0) lines.push(...demoSignIns, '');
  if (config.mail === 'smtp') {
    lines.push('E-mails are sent through SMTP_URL.');
  } else if (config.exposure.devTools) {
    lines.push(
      `E-mails are not sent: read them, links included, at ${config.publicUrl}/api/dev/outbox`,
    );
  } else {
    lines.push(
      'E-mails are not sent: the log shows each one’s recipient and subject. To read them,',
      `links included, start with DEV_TOOLS=1 and open ${config.publicUrl}/api/dev/outbox`,
    );
  }
  lines.push('Stop with Ctrl+C.');
  const rule = '─'.repeat(Math.max(...lines.map((line) => line.length)));
  return [rule, ...lines, rule].join('\n');
}
