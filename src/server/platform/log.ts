import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * What a log line must never carry, wherever it appears in the logged object: credentials
 * (passwords, tokens, secrets, cookies, the Authorization header) and e-mail bodies (a reset link
 * is a credential too). pino replaces each with "[Redacted]" before the line is written.
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'cookie',
  'authorization',
  'html',
  'text',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
  '*.cookie',
  '*.authorization',
  '*.html',
  '*.text',
  '*.body',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  '*.headers["x-device"]',
];

/** Query parameters whose values are credentials (`/auth/reset-password?token=…`). */
const SECRET_QUERY = /^(token|code|password|secret|key|signature|sig|access_token|refresh_token)$/i;

/** The path and query of a request as logged: credential-bearing query values replaced. */
export function loggableUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_QUERY.test(name)) params.set(name, '[Redacted]');
  }
  const query = params.toString().replace(/%5BRedacted%5D/g, '[Redacted]');
  return url.slice(0, question) + (query ? '?' + query : '');
}

/** A client's request id is kept when it is short and plain (a proxy's); otherwise a new one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

interface LogHolder {
  logger?: Logger;
  destination?: ReturnType<typeof pino.destination>;
}

// The Astro bundle and the production entry are two module graphs in one process: one logger.
const holder: LogHolder = ((globalThis as Record<string, unknown>).__nipmLog ??= {}) as LogHolder;

/**
 * The process's logger: JSON lines on standard output at LOG_LEVEL (tests: warn, so that test
 * output stays readable).
 */
export function log(): Logger {
  if (!holder.logger) {
    const testing = process.env.NODE_ENV === 'test';
    // Buffered outside tests: a line per request must not cost a write per request.
    holder.destination = testing
      ? pino.destination({ dest: 1, sync: true })
      : pino.destination({ dest: 1, sync: false, minLength: 4096 });
    holder.logger = createLogger({
      level: process.env.LOG_LEVEL ?? (testing ? 'warn' : 'info'),
      destination: holder.destination,
    });
  }
  return holder.logger;
}

/** Writes what the logger still buffers, before the process exits. */
export function flushLog(): void {
  try {
    holder.destination?.flushSync();
  } catch {
    // Standard output is gone: nothing left to write to.
  }
}
