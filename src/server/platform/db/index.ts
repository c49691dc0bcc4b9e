import path from 'node:path';
import { setImmediate as nextTurnOfTheEventLoop } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type MigrationProvider,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import { env } from '../env';
import { ensurePrivateDir, ensurePrivateFile, restrictExisting } from '../private-files';
import { migrations } from './migrations';
import { NamedStatementClient } from './pg-statements';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export interface DatabaseOptions {
  /** `postgres://...`, `sqlite:/path/file.sqlite`, or a bare file path for SQLite. */
  url: string;
  /** PostgreSQL only: the schema to work in (tests give each file its own). */
  schema?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

// COUNT(*) and BIGINT come back from PostgreSQL as strings; every count here fits a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

export function createDatabase(options: DatabaseOptions): DB {
  if (isPostgresUrl(options.url)) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: NamedStatementClient,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = options.url.replace(/^sqlite:/, '');
  if (file !== ':memory:') {
    ensurePrivateDir(path.dirname(path.resolve(file)));
    ensurePrivateFile(file);
    restrictExisting([`${file}-wal`, `${file}-shm`]);
  }
  const sqlite = new SQLite(file);
  // WAL lets readers go on while one request writes; the busy timeout rides out short write bursts.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten with zeros, not left readable in free pages (erasure, issue 26).
  sqlite.pragma('secure_delete = ON');
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Several processes write one SQLite file (the cluster's workers: WEB_CONCURRENCY). A transaction
 * begun as SQLite's default (deferred) reads first and asks for the write lock later; if another
 * process wrote in between, it fails at once with SQLITE_BUSY, whatever the busy timeout (photos
 * uploaded at once to one album lost two of ten). Begun IMMEDIATE, it waits (up to busy_timeout)
 * for the write lock before reading, so write transactions run one at a time across processes as
 * they already did within one.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  /**
   * better-sqlite3 answers synchronously, so transactions queued for the one connection used to
   * hand it on from one to the next inside a single burst of promise callbacks: under a rush the
   * event loop went a second or more at a time without accepting a connection or reading a socket,
   * and new connections waited in the kernel's queue until clients gave up (the NATCON rush's
   * time-outs, issue 27). One turn of the event loop before each transaction lets the server's
   * other I/O in between; single statements (the polled unread count) do not wait for it.
   */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await nextTurnOfTheEventLoop();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqliteConfig: SqliteDialectConfig) {
    super(sqliteConfig);
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.sqliteConfig);
  }
}

const MAX_CACHED_STATEMENTS = 1000;

/**
 * Kysely prepares a new statement for every query; on the polled unread count preparing cost about
 * as much as running the query. Statements are kept by their SQL text and reused, except one that a
 * streamed query is still iterating, which gets a fresh statement.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      const cached = statements.get(source);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(source);
      if (!cached) {
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statements.set(source, statement);
      }
      return statement;
    },
  };
}

/** The database URL of this process: DATABASE_URL, or the SQLite file in the data folder. */
export function configuredDatabaseUrl(): string {
  const { DATABASE_URL, DATA_DIR } = env();
  return DATABASE_URL || `sqlite:${path.join(DATA_DIR, 'nipm.sqlite')}`;
}

const staticProvider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs the migrations not yet applied. `schema` (PostgreSQL) names the schema the migration tables
 * live in: without it Kysely looks for its lock table in every schema, and with test files migrating
 * their own schemas side by side it can find another file's table and skip creating its own.
 */
export async function migrateToLatest(db: Kysely<unknown>, options: { schema?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({
    db: options.schema ? seeingOneSchema(db, options.schema) : db,
    provider: staticProvider,
    // Migrations 014-020 were numbered ahead and land in any order; each stands alone, so a database
    // that already ran a higher one still takes a lower one that arrives later.
    allowUnorderedMigrations: true,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Kysely's migrator learns whether its own two tables exist by reading every table of every schema on
 * the server, naming each schema as text (`has_schema_privilege`, `pg_get_serial_sequence`): a schema
 * dropped during that read (test files drop theirs while others migrate) fails it with "schema … does
 * not exist". Given its schema, the migrator sees only that schema's tables, read from the catalogue.
 */
function seeingOneSchema(db: Kysely<unknown>, schema: string): Kysely<unknown> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getMetadata: async (options) => ({ tables: await introspection.getTables(options) }),
    getTables: async () => {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
      return rows.map((row) => ({ name: row.name, schema, isView: row.kind === 'v', columns: [] }));
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely keeps its state in private fields, which only the real instance may read.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

interface DbHolder {
  db?: DB;
  ready?: Promise<DB>;
}

// The Astro bundle and the API bundle are two module graphs in one process: a global keeps
// them on one connection pool and one migration run.
const holder: DbHolder = ((globalThis as Record<string, unknown>).__nipmDb ??= {}) as DbHolder;

/** The process's database, migrated on first use. */
export function getDb(): Promise<DB> {
  holder.ready ??= (async () => {
    const db = createDatabase({ url: configuredDatabaseUrl(), poolSize: env().DATABASE_POOL_SIZE });
    await migrateToLatest(db as Kysely<unknown>);
    holder.db = db;
    return db;
  })();
  return holder.ready;
}

export async function closeDb(): Promise<void> {
  const db = holder.db;
  holder.db = undefined;
  holder.ready = undefined;
  await db?.destroy();
}

/** Current time as stored in the database. */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}
