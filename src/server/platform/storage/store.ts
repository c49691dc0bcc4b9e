import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Callers keep a file's type, original name and size in their own
 * tables and hand the store bytes only; the store gives back a random key, so no stored name is
 * ever chosen or guessed by a visitor. The disk store is the default; an object-storage driver
 * implements the same three calls.
 */
export interface FileStore {
  readonly kind: string;
  /** Keeps the bytes and answers their new key. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes under `key`, or null when there are none (or the key is not one of ours). */
  get(key: string): Promise<Uint8Array | null>;
  /** Forgets `key`; forgetting a missing key is not an error. */
  remove(key: string): Promise<void>;
}

/** 128 random bits as hex: the only shape a key has, checked before it touches a path. */
const KEY_PATTERN = /^[0-9a-f]{32}$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Files under `root` (DATA_DIR/uploads: outside the web root, served only through routes that
 * check who asks), fanned out by the key's first two characters so no folder grows huge.
 * Folders 0700 and files 0600 like the rest of the data folder; a file is written beside its
 * final name and renamed, so a crash never leaves half a file under a key.
 */
export function createDiskStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key);
  return {
    kind: 'disk',
    async put(bytes) {
      const key = newStorageKey();
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const partial = `${file}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, file);
      return key;
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}
