import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_HOURS } from '../../lib/constants';
import { ensurePrivateDir } from './private-files';
import { DAILY_TIME_PATTERN } from './daily-time';

/** Shorter secrets can be guessed; `openssl rand -base64 48` makes a good one. */
export const AUTH_SECRET_MIN_LENGTH = 32;
const SECRET_TOO_SHORT = `must be at least ${AUTH_SECRET_MIN_LENGTH} characters (openssl rand -base64 48 makes one)`;

/** The placeholder in .env.example: public, so never a production secret (a test keeps the two equal). */
export const EXAMPLE_AUTH_SECRET = 'change-me-to-48-random-characters-000000000000000';

/**
 * The server's configuration, read once from the environment and validated, so that a wrong
 * value stops the start-up with a clear message instead of failing on the first request.
 * With nothing set at all the site still runs: SQLite and a generated secret under ./data,
 * mail written to an outbox folder.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  /** Public address of the site, used for links in e-mails and canonical URLs. */
  SITE_URL: z.string().url().default('http://localhost:4321'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Empty: SQLite at DATA_DIR/nipm.sqlite. `postgres://...`: PostgreSQL. `sqlite:/path`: that SQLite file. */
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^(postgres(ql)?:\/\/|sqlite:)/.test(v), 'must start with postgres:// or sqlite:'),
  /** PostgreSQL only: connections in this server's pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  AUTH_SECRET: z.string().min(AUTH_SECRET_MIN_LENGTH, SECRET_TOO_SHORT).optional(),
  SESSION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(DEFAULT_SESSION_HOURS),
  /** Empty: e-mails are written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('NIPM <no-reply@nipm.in>'),
  /**
   * How many reverse proxies stand in front of the server (`true` = 1): the client address is read
   * from X-Forwarded-For that many entries from the right. 0 or `false`: the header is ignored.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d)$/, 'must be 0-9, true or false')
    .default('0')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v))),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** A request taking at least this long is always logged (at warn). */
  LOG_SLOW_MS: z.coerce.number().int().min(0).default(500),
  /** One in this many fast 2xx answers gets a log line (1: every request; 0: none). */
  LOG_SAMPLE_EVERY: z.coerce.number().int().min(0).default(100),
  /** HTTP worker processes of `npm start` (node:cluster); 1: one process, no cluster. Default: the cores. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Each worker's young generation (V8's semi-space, MB): smaller keeps a worker's memory under the
   * budget under load at little cost in speed (docs/performance-hot-paths.md). 0: V8's default (16).
   */
  WORKER_SEMI_SPACE_MB: z.coerce.number().int().min(0).max(64).default(8),
  /**
   * How much each worker's old generation may grow past what survived the last full collection, in percent
   * (V8's `--heap-growing-percent`): a fixed 30 % instead of V8's adaptive factor (up to 4 times), so a busy
   * worker collects sooner rather than holding garbage. Not a cap: the heap still grows as far as it must.
   * 0: V8's adaptive factor.
   */
  WORKER_HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(30),
  /** glibc's malloc arenas per worker: fewer arenas, less memory held by threads' idle arenas. 0: glibc's default. */
  WORKER_MALLOC_ARENAS: z.coerce.number().int().min(0).max(64).default(2),
  /** Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2) when set; else DATA_DIR/uploads. */
  S3_BUCKET: z.string().optional(),
  /** The service's address (MinIO, R2); empty for AWS S3. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (MinIO and most self-hosted services); default: true with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Prefix of the objects' names, when the bucket is shared with something else (for example `uploads/`). */
  S3_PREFIX: z.string().optional(),
  /** On SIGTERM, how long requests in flight may take before the server stops anyway (exit 1). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * Online payment through Razorpay: all three keys set, or the online mode is not offered. The
   * secrets stay on the server. RAZORPAY_API_URL points at the stand-in (tools/razorpay-standin)
   * in development and tests.
   */
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.union([z.string().url(), z.literal('')]).optional(),
  /** When the daily jobs (renewal reminders, gateway settlements) run, Asia/Kolkata time `HH:MM`; `off`: not in this server. */
  DAILY_JOBS_AT: z
    .string()
    .regex(DAILY_TIME_PATTERN, 'must be a time HH:MM (24-hour, Asia/Kolkata) or off')
    .default('07:00'),
  /** Invitations to the new portal (imported members) sent per hour, over all servers. */
  IMPORT_INVITATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(200),
});

export type Env = z.infer<typeof EnvSchema> & { AUTH_SECRET: string; DATA_DIR: string };

let cached: Env | undefined;

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof EnvSchema> {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Why AUTH_SECRET is unsafe for production, or null. In development a missing secret is generated
 * and kept in the data folder; in production it must be set, so that every server of the site
 * shares it and a lost data folder does not silently sign everyone out with a new one.
 */
export function productionSecretProblem(secret: string | undefined): string | null {
  if (!secret) {
    return (
      'AUTH_SECRET is not set. With NODE_ENV=production the server needs its own secret of at least ' +
      `${AUTH_SECRET_MIN_LENGTH} random characters (for example from \`openssl rand -base64 48\`).`
    );
  }
  if (secret.length < AUTH_SECRET_MIN_LENGTH) {
    return `AUTH_SECRET is ${secret.length} characters long: with NODE_ENV=production it ${SECRET_TOO_SHORT}.`;
  }
  if (secret === EXAMPLE_AUTH_SECRET) {
    return 'AUTH_SECRET is the example value from .env.example, which anyone can read: set a secret of your own (for example from `openssl rand -base64 48`).';
  }
  return null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/**
 * Why SITE_URL is wrong for production, or null. Links in e-mails and the QR code on membership
 * cards are built from it: unset, it would be `http://localhost:4321`, which no reader can open.
 * `LOCAL_RUN=1` says the production build runs on this machine only (tests, a trial), where a
 * loopback address is right.
 */
export function productionSiteUrlProblem(siteUrl: string | undefined, localRun: string | undefined): string | null {
  if (localRun === '1') return null;
  if (!siteUrl) {
    return (
      'SITE_URL is not set. With NODE_ENV=production links in e-mails and on membership cards are built from it: ' +
      'set it to the public address of the site (https://…), or LOCAL_RUN=1 for a run on this machine only.'
    );
  }
  let host: string;
  try {
    host = new URL(siteUrl).hostname.toLowerCase();
  } catch {
    return null; // The schema reports a malformed address with its own message.
  }
  if (LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || host.startsWith('127.')) {
    return (
      `SITE_URL is ${siteUrl}, an address of this machine: links in e-mails and on membership cards would not ` +
      'open anywhere else. Set it to the public address of the site, or LOCAL_RUN=1 for a run on this machine only.'
    );
  }
  return null;
}

/** Reads AUTH_SECRET, or the secret kept in the data folder, creating it on first start. */
function resolveSecret(dataDir: string, given: string | undefined, nodeEnv: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensurePrivateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  if (nodeEnv !== 'test') {
    console.warn(`[nipm] AUTH_SECRET is not set: generated one and kept it in ${file}. Set AUTH_SECRET in production.`);
  }
  return secret;
}

export function env(): Env {
  if (cached) return cached;
  if (process.env.NODE_ENV === 'production') {
    // Before the schema, so that a short secret gets the production message.
    const problem = productionSecretProblem(process.env.AUTH_SECRET || undefined);
    if (problem) throw new ConfigError(`Refusing to start: ${problem}`);
    const siteProblem = productionSiteUrlProblem(process.env.SITE_URL || undefined, process.env.LOCAL_RUN);
    if (siteProblem) throw new ConfigError(`Refusing to start: ${siteProblem}`);
  }
  const parsed = parseEnv(process.env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  // An older install made it 0755: tighten it at every start (it is created where first needed).
  if (existsSync(dataDir)) ensurePrivateDir(dataDir);
  const secret = resolveSecret(dataDir, parsed.AUTH_SECRET, parsed.NODE_ENV);
  // auth-astro reads the secret from process.env at run time (see auth.config.ts).
  process.env.AUTH_SECRET = secret;
  cached = { ...parsed, DATA_DIR: dataDir, AUTH_SECRET: secret };
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
