import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../platform/db';
import { createDiskStore } from '../platform/storage';
import { seedChapters } from './seed';
import { seedDemoContent } from './content';

describe('demo content', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nipm-demo-content-'));
  const db = createDatabase({ url: `sqlite:${path.join(dir, 'demo.sqlite')}` });
  afterAll(() => db.destroy());

  it('adds a year of events of every type, albums and issues of each series once', async () => {
    await migrateToLatest(db as Kysely<unknown>);
    const now = new Date('2026-11-20T06:00:00Z');
    await seedChapters(db, now);
    const store = createDiskStore(path.join(dir, 'uploads'));
    const first = await seedDemoContent(db, now, store);
    expect(first.events).toBeGreaterThan(20);
    const types = await db.selectFrom('events').select('type').distinct().execute();
    expect(types.map((t) => t.type).sort()).toEqual(['chapter', 'national', 'regional']);
    const past = await db.selectFrom('events').select('id').where('ends_at', '<', now.toISOString()).execute();
    expect(past.length).toBeGreaterThan(5);
    expect((await db.selectFrom('album_photos').select('id').execute()).length).toBe(18);
    const series = await db.selectFrom('publications').select('series').where('pdf_key', 'is not', null).execute();
    expect(new Set(series.map((s) => s.series)).size).toBe(3);
    expect(await seedDemoContent(db, now, store)).toEqual({ events: 0 });
    // Encoding some 30 pictures takes seconds, more when the machine is busy: not a speed test.
  }, 120_000);
});
