import type { DB } from '../../platform/db';
import type { Logger } from '../../platform/log';
import type { Mailer } from '../../platform/mail/mailer';
import type { FileStore } from '../../platform/storage';
import { runImportJobs } from './commit';
import { sendDueInvitations } from './invitations';

/** How often each server looks for import work: a commit to resume, invitations to send. */
export const IMPORT_POLL_INTERVAL_MS = 5_000;

export interface ImportJobsHandle {
  /** No new round starts; resolves when the round in progress has stopped between batches. */
  stop(): Promise<void>;
}

/**
 * The import's background work on every server: commits left running (a server restarted, or the
 * one that started it died) are resumed, and queued invitations are sent at the hourly rate. Each
 * piece is claimed in the database first, so any number of servers may run this together.
 */
export function startImportJobs(options: {
  db: DB;
  storage: FileStore;
  mailer: Mailer;
  siteUrl: string;
  invitationsPerHour: number;
  logger: Pick<Logger, 'error'>;
}): ImportJobsHandle {
  const aborter = new AbortController();
  let round: Promise<void> = Promise.resolve();
  const run = async () => {
    const now = () => new Date();
    try {
      await runImportJobs(options.db, options.storage, { now, signal: aborter.signal });
    } catch (err) {
      options.logger.error({ err }, 'import job failed');
    }
    try {
      await sendDueInvitations(options.db, options.mailer, {
        now,
        siteUrl: options.siteUrl,
        perHour: options.invitationsPerHour,
        signal: aborter.signal,
      });
    } catch (err) {
      options.logger.error({ err }, 'sending invitations failed');
    }
  };
  const timer = setInterval(() => {
    round = round.then(run);
  }, IMPORT_POLL_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      aborter.abort();
      await round;
    },
  };
}
