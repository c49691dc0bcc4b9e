import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** The database or a transaction: the import's judging runs on either (the check, or a commit's batch). */
export type Queryable = Kysely<Database> | Transaction<Database>;
