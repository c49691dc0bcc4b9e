import { Writable } from 'node:stream';
import { createLogger, log } from '../../src/server/platform/log';

interface LogHolder {
  logger?: ReturnType<typeof log>;
}

/**
 * Sends the process's log to memory while `body` runs, through the real logger (same level, same
 * redaction), and answers the lines written, parsed. What operators rely on being logged (a receipt
 * e-mail that failed, a job that stopped) is asserted this way.
 */
export async function logWhile(body: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  log();
  const holder = (globalThis as Record<string, unknown>).__nipmLog as LogHolder;
  const previous = holder.logger;
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  holder.logger = createLogger({ level: previous?.level, destination });
  try {
    await body();
  } finally {
    holder.logger = previous;
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}
