import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { E2E_SECRET } from './fixtures';

/**
 * A job as an operator runs it by hand (`npm run jobs:run -- <name>`), on the data folder of the site
 * under test, at the real time: a test moves the data's own times back instead. The server's own
 * runs do the same work, each step claimed once, so whichever gets there first the person is told once.
 */
export async function runJobByHand(name: string, siteUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/jobs-run.ts', name],
    {
      env: {
        ...process.env,
        DATA_DIR: 'data/e2e',
        DATABASE_URL: '',
        SMTP_URL: '',
        SITE_URL: siteUrl,
        AUTH_SECRET: E2E_SECRET,
        LOG_LEVEL: 'warn',
      },
    },
  );
  return stdout;
}
