import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const MINUTE_MS = 60_000;
const milliseconds = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The only place that reads process.env. Everything else receives a `Config`. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // 0 asks the system for any free port (tests); the ready line in the log names the one chosen.
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Coop Portal <no-reply@coop.local>'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOPERATIVE_NAME: z.string().default('Demo Cooperative Society'),
  ADMIN_CONTACT_EMAIL: z.string().email().default('admin@demo.coop'),
  ADMIN_CONTACT_PHONE: z.string().default('+234 803 000 0000'),
  /** The account members pay voluntary deposits into (shown on /contributions/new). */
  COOPERATIVE_BANK_NAME: z.string().default('Demo Bank Plc'),
  COOPERATIVE_BANK_ACCOUNT_NAME: z.string().default('Demo Cooperative Society'),
  COOPERATIVE_BANK_ACCOUNT_NUMBER: z.string().default('0123456789'),
  SHUTDOWN_TIMEOUT_MS: milliseconds(100, 10 * MINUTE_MS).default(10_000),
  REQUEST_TIMEOUT_MS: milliseconds(1_000, 10 * MINUTE_MS).default(30_000),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(100, 10 * MINUTE_MS).default(10_000),
  DATABASE_LOCK_TIMEOUT_MS: milliseconds(50, 10 * MINUTE_MS).default(5_000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of every link sent by e-mail; never derived from the Host header. */
  publicUrl: string;
  jwtSecret: string;
  trustProxy: boolean;
  logLevel: string;
  cooperative: {
    name: string;
    contactEmail: string;
    contactPhone: string;
    bankAccount: { bankName: string; accountName: string; accountNumber: string };
  };
  /** Where the built web app lives (apps/web/dist); served when present. */
  webDistDir: string;
  timeouts: Timeouts;
}

/** How long anything may wait: nothing in the process waits without an end (docs/operations.md). */
export interface Timeouts {
  /** From the first SIGTERM/SIGINT to exit; what is still running then is cut off and logged. */
  shutdownMs: number;
  /** Receiving a whole request (408 after), and separately answering it (503 after). */
  requestMs: number;
  /** One SQL statement on PostgreSQL (statement_timeout). */
  statementMs: number;
  /**
   * Waiting for a lock: a row or advisory lock on PostgreSQL (lock_timeout), a connection from the
   * pool, and on the embedded database the turn on its single connection.
   */
  lockMs: number;
}

/** The repository root, from src/config or dist/config alike: relative paths resolve against it. */
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  rootDir: string = REPOSITORY_ROOT,
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new InvalidSettingsError(
      parsed.error.issues.map((i) => ({ name: i.path.join('.'), problem: i.message })),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(rootDir, e.DATA_DIR);
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    // Several instances share one database: they must all sign and verify with one key.
    throw new InvalidSettingsError([
      { name: 'JWT_SECRET', problem: 'required when DATABASE_URL is set' },
    ]);
  }
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? embeddedJwtSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    cooperative: {
      name: e.COOPERATIVE_NAME,
      contactEmail: e.ADMIN_CONTACT_EMAIL,
      contactPhone: e.ADMIN_CONTACT_PHONE,
      bankAccount: {
        bankName: e.COOPERATIVE_BANK_NAME,
        accountName: e.COOPERATIVE_BANK_ACCOUNT_NAME,
        accountNumber: e.COOPERATIVE_BANK_ACCOUNT_NUMBER,
      },
    },
    webDistDir: path.resolve(rootDir, 'apps/web/dist'),
    timeouts: {
      shutdownMs: e.SHUTDOWN_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
    },
  };
}

/** Settings the process cannot start with; the message names each variable and what is wrong. */
export class InvalidSettingsError extends Error {
  constructor(readonly issues: { name: string; problem: string }[]) {
    super(`Invalid settings:\n${issues.map((i) => `  ${i.name}: ${i.problem}`).join('\n')}`);
    this.name = 'InvalidSettingsError';
  }
}

/** On the embedded database the secret is generated once and kept beside the data. */
function embeddedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
