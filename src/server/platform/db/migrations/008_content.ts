import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Published content (issue 13): events, gallery albums with photos, the three publication series,
 * and the files behind them. Every stored blob has a row in `content_files` keyed by its random
 * storage key; a picture is one `content_images` row with its encoded sizes as variants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_files')
    .addColumn('storage_key', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('filename', 'varchar(200)', (c) => c.notNull())
    // 1: anyone with the key may fetch it (pictures, attachments); 0: only through its own route.
    .addColumn('open', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('content_images')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('variants', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull().check(sql`type in ('national', 'regional', 'chapter')`))
    .addColumn('region', 'varchar(10)')
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id'))
    .addColumn('starts_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('venue', 'varchar(300)')
    .addColumn('online_url', 'varchar(500)')
    .addColumn('description', 'text', (c) => c.notNull())
    // Rendered and sanitised once when saved: the lists show many events on every request.
    .addColumn('description_html', 'text', (c) => c.notNull())
    .addColumn('summary', 'varchar(400)', (c) => c.notNull())
    .addColumn('cover_image_id', 'integer', (c) => c.references('content_images.id').onDelete('set null'))
    .addColumn('registration', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`registration in ('none', 'external', 'natcon')`),
    )
    .addColumn('registration_url', 'varchar(500)')
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('draft', 'published')`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // The public lists: published events of one type by date; the staff list by chapter.
  await db.schema.createIndex('events_public_idx').on('events').columns(['status', 'type', 'starts_at']).execute();
  await db.schema.createIndex('events_chapter_idx').on('events').columns(['chapter_id', 'starts_at']).execute();

  await db.schema
    .createTable('albums')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('album_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('cover_image_id', 'integer', (c) => c.references('content_images.id').onDelete('set null'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('draft', 'published')`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('albums_public_idx').on('albums').columns(['status', 'album_date']).execute();

  await db.schema
    .createTable('album_photos')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('album_id', 'integer', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('content_images.id'))
    .addColumn('caption', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('album_photos_order_idx').on('album_photos').columns(['album_id', 'position']).execute();

  await db.schema
    .createTable('publications')
    .addColumn('id', 'integer', (c) => idColumn(db, c))
    .addColumn('series', 'varchar(20)', (c) =>
      c.notNull().check(sql`series in ('newsletter', 'personnel-today', 'research-compendium')`),
    )
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('volume', 'integer')
    .addColumn('number', 'integer')
    .addColumn('issue_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('abstract', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_image_id', 'integer', (c) => c.references('content_images.id').onDelete('set null'))
    .addColumn('pdf_key', 'varchar(32)', (c) => c.references('content_files.storage_key'))
    .addColumn('members_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('draft', 'published')`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('publications_public_idx')
    .on('publications')
    .columns(['status', 'series', 'issue_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['publications', 'album_photos', 'albums', 'events', 'content_images', 'content_files']) {
    await db.schema.dropTable(table).execute();
  }
}
