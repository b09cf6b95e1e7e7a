import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const MINUTE_MS = 60_000;
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('0')
  .transform((v) => v === '1' || v === 'true');
const milliseconds = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The only place that reads process.env. Everything else receives a `Config`. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // 0 asks the system for any free port (tests); the ready line in the log names the one chosen.
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Only this machine can reach the server unless HOST says otherwise (0.0.0.0 behind a proxy).
  HOST: z.string().min(1).default('127.0.0.1'),
  // Prometheus metrics on their own listener (plugins/metrics.ts); unset, there is none.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Coop Portal <no-reply@coop.local>'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') >= 32, 'must be at least 32 bytes')
    .optional(),
  /** Key of the two-factor secrets at rest: 32 bytes, base64 or hex. */
  TWO_FACTOR_KEY: z
    .string()
    .refine((v) => decodeKey(v) !== null, 'must be 32 bytes in base64 or 64 hex digits')
    .optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (typeof trust === 'string') {
        ctx.addIssue({ code: 'custom', message: trust });
        return z.NEVER;
      }
      return trust;
    }),
  /** Exposures that are off unless asked for (docs/operations.md "Modes"). */
  DEMO: flag,
  DEV_TOOLS: flag,
  API_DOCS: flag,
  /** `log` lets a production trial run without SMTP: the log gets each e-mail's recipient and subject. */
  MAIL: z.enum(['smtp', 'log']).optional(),
  /**
   * Text messages (decision 164): `log` (the default) writes each text's masked number and kind
   * to the log; `termii` sends through Termii's HTTP API with the key and sender ID below.
   */
  SMS: z.enum(['log', 'termii']).default('log'),
  /** A secret: never logged, never in an error. */
  TERMII_API_KEY: z.string().trim().min(1).optional(),
  /** Each Termii account has its own base URL (its dashboard shows it). */
  TERMII_BASE_URL: z.string().url().default('https://api.ng.termii.com'),
  /** `dnd` (transactional: reaches numbers on Do-Not-Disturb, at any hour) or `generic`. */
  TERMII_CHANNEL: z.enum(['dnd', 'generic']).default('dnd'),
  /** The registered sender ID members see: 3 to 11 letters or digits. */
  SMS_SENDER_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ]{3,11}$/, 'must be 3 to 11 letters, digits or spaces')
    .optional(),
  /** A money application: a sign-in left on a shared or lost device ends soon (decision 084). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(3),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Forgot-password and failed sign-in answer no sooner than this (no timing oracle). */
  AUTH_ANSWER_FLOOR_MS: milliseconds(0, 5_000).optional(),
  /** Password checks (argon2) running at once per instance, and waiting beyond those (decision 087). */
  PASSWORD_CHECKS_CONCURRENT: z.coerce.number().int().min(1).max(64).optional(),
  PASSWORD_CHECKS_WAITING: z.coerce.number().int().min(0).max(1_000).optional(),
  /** Have I Been Pwned's Pwned Passwords file (SHA-1, sorted by hash) new passwords are looked up in. */
  BREACHED_PASSWORDS_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `readable` (development's default): time, level, message; `json` (elsewhere): pino's lines. */
  LOG_FORMAT: z.enum(['readable', 'json']).optional(),
  /** The cooperative as members see it; the demo's values outside production (COOPERATIVE_DEMO). */
  COOPERATIVE_NAME: z.string().trim().min(1).optional(),
  /** The postal address printed on statements, one line; commas separate its parts. */
  COOPERATIVE_ADDRESS: z.string().trim().min(1).max(200).optional(),
  ADMIN_CONTACT_EMAIL: z.string().email().optional(),
  ADMIN_CONTACT_PHONE: z.string().trim().min(1).optional(),
  /** The account members pay voluntary deposits into (shown on /contributions/new). */
  COOPERATIVE_BANK_NAME: z.string().trim().min(1).optional(),
  COOPERATIVE_BANK_ACCOUNT_NAME: z.string().trim().min(1).optional(),
  COOPERATIVE_BANK_ACCOUNT_NUMBER: z.string().trim().min(1).optional(),
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
  /** Port of the separate Prometheus listener on `host`; undefined: no listener. */
  metricsPort: number | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of every link sent by e-mail; never derived from the Host header. */
  publicUrl: string;
  jwtSecret: string;
  /** 32 bytes that encrypt two-factor secrets at rest (AES-256-GCM). */
  twoFactorKey: Buffer;
  /**
   * Which proxies' X-Forwarded-For is believed: false (none), a hop count, or their addresses
   * and CIDRs. Never `true`: that believes any client (decision 080).
   */
  trustProxy: false | number | string[];
  /** What this process exposes beyond the portal itself (decision 080). */
  exposure: {
    /** The demo cooperative with its known passwords is seeded into an empty database. */
    demo: boolean;
    /** /api/dev/* (the outbox with every e-mailed link). */
    devTools: boolean;
    /** /api/docs (the OpenAPI browser). */
    apiDocs: boolean;
  };
  /** `log`: e-mails are not sent; the log gets their recipient and subject, never the body. */
  mail: 'smtp' | 'log';
  /** Where text messages go (lib/sms-gateway.ts). */
  sms:
    | { gateway: 'log' }
    | {
        gateway: 'termii';
        termii: {
          baseUrl: string;
          apiKey: string;
          senderId: string;
          channel: 'dnd' | 'generic';
        };
      };
  sessions: { idleMs: number; absoluteMs: number };
  /** The least time forgot-password and a failed sign-in take to answer. */
  authAnswerFloorMs: number;
  /** The instance's cap on argon2 work: running at once, and waiting (lib/password-checks.ts). */
  passwordChecks: { concurrent: number; waiting: number };
  logLevel: string;
  /** How the log is written (docs/operations.md "Logs"). */
  logFormat: 'readable' | 'json';
  /** What a new password is checked against besides the rules and the common list (decision 081). */
  passwords: {
    /** The offline breach corpus (Pwned Passwords, SHA-1), an absolute path; null when none is set. */
    breachedPasswordsFile: string | null;
  };
  cooperative: {
    name: string;
    /** The registered address, as a statement prints it under the name. */
    address: string;
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

/** The demo cooperative's contact and bank account: used outside production only. */
const COOPERATIVE_DEMO = {
  COOPERATIVE_NAME: 'Demo Cooperative Society',
  COOPERATIVE_ADDRESS: '12 Marina Road, Lagos Island, Lagos',
  ADMIN_CONTACT_EMAIL: 'admin@demo.coop',
  ADMIN_CONTACT_PHONE: '+234 803 000 0000',
  COOPERATIVE_BANK_NAME: 'Demo Bank Plc',
  COOPERATIVE_BANK_ACCOUNT_NAME: 'Demo Cooperative Society',
  COOPERATIVE_BANK_ACCOUNT_NUMBER: '0123456789',
} as const;
const COOPERATIVE_SETTINGS = Object.keys(COOPERATIVE_DEMO) as Array<keyof typeof COOPERATIVE_DEMO>;

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
  const isProduction = e.NODE_ENV === 'production';
  const problems: { name: string; problem: string }[] = [];
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    // Several instances share one database: they must all sign and verify with one key.
    problems.push({ name: 'JWT_SECRET', problem: 'required when DATABASE_URL is set' });
  }
  if (e.DATABASE_URL && !e.TWO_FACTOR_KEY) {
    problems.push({ name: 'TWO_FACTOR_KEY', problem: 'required when DATABASE_URL is set' });
  }
  if (isProduction && e.DEV_TOOLS) {
    problems.push({ name: 'DEV_TOOLS', problem: 'never allowed in production' });
  }
  if (isProduction && e.DEMO) {
    problems.push({ name: 'DEMO', problem: 'never allowed in production (known passwords)' });
  }
  if (isProduction && !e.SMTP_URL && e.MAIL !== 'log') {
    problems.push({
      name: 'SMTP_URL',
      problem: 'required in production (or MAIL=log for a trial that sends no e-mail)',
    });
  }
  // Members pay into this account and write to this address: production never shows the demo's.
  if (isProduction) {
    for (const name of COOPERATIVE_SETTINGS) {
      if (e[name] === undefined) {
        problems.push({ name, problem: 'required in production (members see it)' });
      }
    }
  }
  if (e.MAIL === 'smtp' && !e.SMTP_URL) {
    problems.push({ name: 'SMTP_URL', problem: 'required when MAIL=smtp' });
  }
  if (e.SMS === 'termii' && !e.TERMII_API_KEY) {
    problems.push({ name: 'TERMII_API_KEY', problem: 'required when SMS=termii' });
  }
  if (e.SMS === 'termii' && !e.SMS_SENDER_ID) {
    problems.push({ name: 'SMS_SENDER_ID', problem: 'required when SMS=termii' });
  }
  const breachedPasswordsFile = e.BREACHED_PASSWORDS_FILE
    ? path.resolve(rootDir, e.BREACHED_PASSWORDS_FILE)
    : null;
  if (breachedPasswordsFile) {
    const problem = breachedPasswordsFileProblem(breachedPasswordsFile);
    if (problem) problems.push({ name: 'BREACHED_PASSWORDS_FILE', problem });
  }
  if (problems.length > 0) throw new InvalidSettingsError(problems);
  const DAY_MS = 24 * 60 * MINUTE_MS;
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? embeddedJwtSecret(dataDir),
    twoFactorKey: e.TWO_FACTOR_KEY
      ? (decodeKey(e.TWO_FACTOR_KEY) as Buffer)
      : embeddedTwoFactorKey(dataDir),
    trustProxy: e.TRUST_PROXY,
    exposure: {
      demo: !isProduction && (e.DEMO || !e.DATABASE_URL),
      devTools: !isProduction && (e.DEV_TOOLS || e.NODE_ENV === 'test'),
      apiDocs: !isProduction || e.API_DOCS,
    },
    mail: e.MAIL ?? (e.SMTP_URL ? 'smtp' : 'log'),
    sms:
      e.SMS === 'termii' && e.TERMII_API_KEY && e.SMS_SENDER_ID
        ? {
            gateway: 'termii',
            termii: {
              baseUrl: e.TERMII_BASE_URL,
              apiKey: e.TERMII_API_KEY,
              senderId: e.SMS_SENDER_ID,
              channel: e.TERMII_CHANNEL,
            },
          }
        : { gateway: 'log' },
    sessions: {
      idleMs: e.SESSION_IDLE_DAYS * DAY_MS,
      absoluteMs: e.SESSION_ABSOLUTE_DAYS * DAY_MS,
    },
    authAnswerFloorMs: e.AUTH_ANSWER_FLOOR_MS ?? (e.NODE_ENV === 'test' ? 0 : 400),
    passwordChecks: passwordCheckLimits(e.PASSWORD_CHECKS_CONCURRENT, e.PASSWORD_CHECKS_WAITING),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'readable' : 'json'),
    passwords: { breachedPasswordsFile },
    cooperative: {
      name: e.COOPERATIVE_NAME ?? COOPERATIVE_DEMO.COOPERATIVE_NAME,
      address: e.COOPERATIVE_ADDRESS ?? COOPERATIVE_DEMO.COOPERATIVE_ADDRESS,
      contactEmail: e.ADMIN_CONTACT_EMAIL ?? COOPERATIVE_DEMO.ADMIN_CONTACT_EMAIL,
      contactPhone: e.ADMIN_CONTACT_PHONE ?? COOPERATIVE_DEMO.ADMIN_CONTACT_PHONE,
      bankAccount: {
        bankName: e.COOPERATIVE_BANK_NAME ?? COOPERATIVE_DEMO.COOPERATIVE_BANK_NAME,
        accountName:
          e.COOPERATIVE_BANK_ACCOUNT_NAME ?? COOPERATIVE_DEMO.COOPERATIVE_BANK_ACCOUNT_NAME,
        accountNumber:
          e.COOPERATIVE_BANK_ACCOUNT_NUMBER ?? COOPERATIVE_DEMO.COOPERATIVE_BANK_ACCOUNT_NUMBER,
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

/**
 * Half the cores by default (at least one), so the other half keeps answering everyone else, and
 * sixteen waiting for each one running: under half a second of queue on an idle core.
 */
function passwordCheckLimits(
  concurrent: number | undefined,
  waiting: number | undefined,
): Config['passwordChecks'] {
  const running = concurrent ?? Math.max(1, Math.floor(availableParallelism() / 2));
  return { concurrent: running, waiting: waiting ?? 16 * running };
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
  ensurePrivateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function embeddedTwoFactorKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'two-factor-key');
  if (existsSync(file)) return decodeKey(readFileSync(file, 'utf8').trim()) ?? Buffer.alloc(0);
  ensurePrivateDir(dataDir);
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** DATA_DIR holds the database, the signing secret and the two-factor key: owner only (0700). */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** A 32-byte key from 64 hex digits or base64; null otherwise. */
function decodeKey(value: string): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
}

const TRUST_PROXY_TRUE =
  'true trusts every hop, so any client can forge its address: give the number of proxies in front (1 behind one nginx) or their addresses/CIDRs, comma-separated';

/**
 * TRUST_PROXY: false/0 (no proxy), a hop count, or a comma-separated list of the proxies'
 * addresses and CIDRs. Returns the problem as a string when the value is refused.
 */
export function parseTrustProxy(value: string): false | number | string[] | string {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return TRUST_PROXY_TRUE;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? hops : 'a hop count above 10 is not a real deployment';
  }
  const entries = v.split(',').map((part) => part.trim());
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
    if (family === 0 || extra !== undefined || !bitsOk) {
      return `"${entry}" is neither a hop count nor an IP address or CIDR`;
    }
  }
  return entries;
}

const PWNED_LINE = /^[0-9A-Fa-f]{40}(:\d+)?\r?$/;

/**
 * Why the breach corpus at `file` cannot be used, or null when it can: a readable file whose first
 * line is a Pwned Passwords SHA-1 line (the NTLM edition has 32-digit hashes). Checked at start,
 * so a wrong setting stops the process instead of letting breached passwords through.
 */
export function breachedPasswordsFileProblem(file: string): string | null {
  let fd: number;
  try {
    if (!statSync(file).isFile()) return `${file} is not a file`;
    fd = openSync(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `${file} does not exist`;
    if (code === 'EACCES') return `${file} cannot be read (permission denied)`;
    return `${file} cannot be read (${code ?? String(error)})`;
  }
  try {
    const start = Buffer.alloc(128);
    const bytesRead = readSync(fd, start, 0, start.length, 0);
    const firstLine = start.subarray(0, bytesRead).toString('latin1').split('\n')[0] ?? '';
    if (!PWNED_LINE.test(firstLine)) {
      return `${file} is not a Pwned Passwords SHA-1 file (lines of 40 hex digits, ':' and a count, sorted by hash)`;
    }
    return null;
  } finally {
    closeSync(fd);
  }
}
