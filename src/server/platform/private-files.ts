import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * The data folder holds the database, the generated secret, the mail outbox (reset links) and
 * uploads: readable by the server's own user only. Folders 0700, files 0600, on creation and again
 * at every start (an older install created them 0755 and 0644).
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Creates the file empty when missing (SQLite takes an empty file as a new database), and makes it 0600. */
export function ensurePrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/** Makes files that already exist 0600 (SQLite's -wal and -shm files take the database file's mode when created). */
export function restrictExisting(files: string[]): void {
  for (const file of files) if (existsSync(file)) chmodSync(file, 0o600);
}
