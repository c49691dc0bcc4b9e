import type { Kysely } from 'kysely';

/**
 * Issue 7. The sign-in throttle counts attempts before the password is checked, in one conditional
 * upsert per key, so its table changes shape: `attempts` (taken, in flight or failed), the end of
 * the counting window, `expires_at` (the window's end, or the lock's end once the limit is reached:
 * the row is pruned after it) and `refused` (attempts turned away, summed into one audit entry).
 * Its rows only live for minutes, so the old table is replaced rather than converted.
 *
 * A reset link remembers the token version of its account when issued: a password change (or
 * anything else that bumps the version) ends it. `user_id` is indexed for ending a user's links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('login_throttle_expires_idx').on('login_throttle').column('expires_at').execute();

  await db.schema
    .alterTable('password_resets')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('password_resets_user_idx').execute();
  await db.schema.alterTable('password_resets').dropColumn('token_version').execute();
  await db.schema.dropTable('login_throttle').execute();
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('window_started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(30)')
    .execute();
}
