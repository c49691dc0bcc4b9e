import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase, migrateToLatest } from '../../../src/server/platform/db';
import { seedDemoAdmin } from '../../../src/server/demo/admin';
import { currentScrollMessages } from '../../../src/server/domains/organisation/ticker';
import { seedChapters } from '../../../src/server/demo/seed';

/**
 * A data folder whose database already holds the demo's three current ticker messages, so the public
 * pages are measured with the ticker running (issue 11: Lighthouse 100 and CLS 0 with three messages).
 */
export async function dataDirWithTicker(): Promise<{ dataDir: string; messages: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nipm-bench-ticker-'));
  const db = createDatabase({ url: `sqlite:${path.join(dataDir, 'nipm.sqlite')}` });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    await seedChapters(db, new Date());
    await seedDemoAdmin(db, new Date());
    return { dataDir, messages: (await currentScrollMessages(db, new Date())).length };
  } finally {
    await db.destroy();
  }
}
