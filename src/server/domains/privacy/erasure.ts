import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { dialectOf } from '../../platform/db/dialect';
import type { FileStore } from '../../platform/storage/store';
import { writeAudit } from '../audit/audit';
import { erasePayerContacts } from './erasure-accounts';
import type { PersonKeys } from './export-manifest';

/**
 * Erasure (DPDP Act, section 12(3), and the retention job): the person's data is removed or
 * overwritten in every table of the export manifest, their files and their e-mails in the outbox
 * are deleted, and the search indexes are rebuilt so no old token survives. What the law makes us
 * keep stays: the payments behind tax invoices keep the payer's name and amounts (CGST Rules,
 * rule 46; the e-mail address goes), the member number stays as a tombstone so it is never given
 * again, and log entries stay for the year rule 8(3) of the DPDP Rules asks, with the person's
 * addresses and names taken out of their text. SQLite overwrites freed pages (`secure_delete`) and
 * the WAL is checkpointed and truncated; PostgreSQL's dead rows are vacuumed at once.
 */

export const ERASED_NAME = 'Erased';

const placeholderEmail = (what: string, id: number) => `erased-${what}-${id}@erased.invalid`;
const unusableSecret = () => `!erased-${randomBytes(16).toString('hex')}`;

export interface ErasureResult {
  /** Storage keys removed. */
  files: number;
  /** Outbox messages removed. */
  outbox: number;
}

/** The texts that identify the person: scrubbed from logs and looked for in outbox messages. */
async function identifyingTexts(db: DB, keys: PersonKeys): Promise<string[]> {
  const texts = new Set<string>(keys.emails);
  if (keys.memberIds.length) {
    const members = await db
      .selectFrom('members')
      .select(['first_name', 'last_name', 'phone'])
      .where('id', 'in', keys.memberIds)
      .execute();
    for (const m of members) {
      if (m.phone) texts.add(m.phone);
      if (m.first_name !== ERASED_NAME) texts.add(`${m.first_name} ${m.last_name}`);
    }
  }
  if (keys.applicationIds.length) {
    const applications = await db
      .selectFrom('applications')
      .select(['first_name', 'last_name', 'phone', 'email'])
      .where('id', 'in', keys.applicationIds)
      .execute();
    for (const a of applications) {
      if (!a.email.startsWith('erased-')) texts.add(a.email);
      if (a.phone) texts.add(a.phone);
      if (a.first_name !== ERASED_NAME) texts.add(`${a.first_name} ${a.last_name}`);
    }
  }
  return [...texts].filter((t) => t.trim().length >= 3);
}

async function fileKeys(db: DB, keys: PersonKeys): Promise<string[]> {
  const found: (string | null)[] = [];
  if (keys.applicationIds.length)
    found.push(
      ...(
        await db
          .selectFrom('application_documents')
          .select('storage_key')
          .where('application_id', 'in', keys.applicationIds)
          .execute()
      ).map((r) => r.storage_key),
    );
  if (keys.memberIds.length || keys.emails.length) {
    const delegates = await db
      .selectFrom('natcon_delegates')
      .select(['student_id_key', 'ticket_key'])
      .where((eb) =>
        eb.or([
          ...(keys.memberIds.length ? [eb('member_id', 'in', keys.memberIds)] : []),
          ...(keys.emails.length ? [eb('email', 'in', keys.emails)] : []),
        ]),
      )
      .execute();
    for (const d of delegates) found.push(d.student_id_key, d.ticket_key);
  }
  if (keys.emails.length)
    found.push(
      ...(
        await db
          .selectFrom('natcon_nominations')
          .select('file_key')
          .where((eb) => eb.or([eb('nominator_email', 'in', keys.emails), eb('nominee_email', 'in', keys.emails)]))
          .execute()
      ).map((r) => r.file_key),
    );
  if (keys.userIds.length)
    found.push(
      ...(
        await db.selectFrom('data_export_jobs').select('storage_key').where('user_id', 'in', keys.userIds).execute()
      ).map((r) => r.storage_key),
    );
  return [...new Set(found.filter((k): k is string => Boolean(k)))];
}

/** Removes or overwrites the person's rows; one transaction, so a failure leaves everything as it was. */
async function eraseRows(trx: DB, keys: PersonKeys, texts: string[], at: string): Promise<void> {
  const { memberIds, userIds, emails, applicationIds, orderIds } = keys;
  for (const id of memberIds)
    await trx
      .updateTable('members')
      .set({
        title: null,
        first_name: ERASED_NAME,
        last_name: 'member',
        email: placeholderEmail('member', id),
        phone: null,
        date_of_birth: null,
        address: null,
        city: null,
        state: null,
        pincode: null,
        qualification: null,
        organisation: null,
        designation: null,
        experience_years: null,
        gender: null,
        erased_at: at,
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  for (const id of userIds)
    await trx
      .updateTable('users')
      .set((eb) => ({
        email: placeholderEmail('user', id),
        name: ERASED_NAME,
        image: null,
        password_hash: unusableSecret(),
        active: 0,
        notify_by_email: 0,
        last_login_at: null,
        erased_at: at,
        updated_at: at,
        token_version: eb('token_version', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
  if (memberIds.length) {
    await trx.deleteFrom('member_notes').where('member_id', 'in', memberIds).execute();
    await trx.deleteFrom('member_change_requests').where('member_id', 'in', memberIds).execute();
    await trx.updateTable('member_transfers').set({ note: null }).where('member_id', 'in', memberIds).execute();
    await trx
      .updateTable('transfer_requests')
      .set({ reason: null, decision_note: null })
      .where('member_id', 'in', memberIds)
      .execute();
    await trx.deleteFrom('erasure_notices').where('member_id', 'in', memberIds).execute();
    // The import's record of what it wrote keeps no copy of the person's fields.
    await trx
      .updateTable('import_rows')
      .set({ before_image: null, after_image: null, message: null })
      .where('member_id', 'in', memberIds)
      .execute();
  }
  if (userIds.length) {
    await trx.deleteFrom('notification_recipients').where('user_id', 'in', userIds).execute();
    await trx.deleteFrom('password_resets').where('user_id', 'in', userIds).execute();
    await trx.deleteFrom('nominees').where('user_id', 'in', userIds).execute();
    await trx.deleteFrom('data_export_jobs').where('user_id', 'in', userIds).execute();
  }
  for (const id of applicationIds)
    await trx
      .updateTable('applications')
      .set({
        status_token_hash: unusableSecret(),
        title: null,
        first_name: ERASED_NAME,
        last_name: 'applicant',
        email: placeholderEmail('application', id),
        phone: '',
        date_of_birth: '',
        address: '',
        city: '',
        pincode: '',
        qualification: '',
        organisation: null,
        designation: null,
        experience_years: 0,
        institution: null,
        decision_note: null,
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  if (applicationIds.length) {
    await trx.deleteFrom('application_documents').where('application_id', 'in', applicationIds).execute();
    await trx
      .updateTable('application_events')
      .set({ note: null })
      .where('application_id', 'in', applicationIds)
      .execute();
    await trx.deleteFrom('guardian_consents').where('application_id', 'in', applicationIds).execute();
  }
  for (const id of orderIds)
    await trx
      .updateTable('natcon_orders')
      .set({
        status_token_hash: unusableSecret(),
        contact_name: ERASED_NAME,
        contact_email: placeholderEmail('order', id),
        contact_phone: '',
        // The invoice keeps its own copy of the buyer's address (rule 46); the order's copy goes.
        buyer_address: null,
        note: null,
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  if (memberIds.length || emails.length)
    await trx
      .updateTable('natcon_delegates')
      .set({
        name: ERASED_NAME,
        email: '',
        phone: '',
        designation: null,
        student_id_key: null,
        student_id_type: null,
        ticket_key: null,
        ticket_hash: null,
      })
      .where((eb) =>
        eb.or([
          ...(memberIds.length ? [eb('member_id', 'in', memberIds)] : []),
          ...(emails.length ? [eb('email', 'in', emails)] : []),
        ]),
      )
      .execute();
  if (emails.length) {
    await trx
      .deleteFrom('natcon_nominations')
      .where((eb) => eb.or([eb('nominator_email', 'in', emails), eb('nominee_email', 'in', emails)]))
      .execute();
    await trx.deleteFrom('consents').where('email', 'in', emails).execute();
    // A notice addressed to one member names them by the e-mail the sender typed.
    await trx
      .updateTable('notifications')
      .set({ audience_id: '[erased]' })
      .where('audience_type', '=', 'member')
      .where('audience_id', 'in', emails)
      .execute();
    for (const email of emails) await trx.deleteFrom('login_throttle').where('key', '=', `account:${email}`).execute();
  }
  if (userIds.length) await trx.deleteFrom('consents').where('user_id', 'in', userIds).execute();
  await erasePayerContacts(trx, keys, texts);
  await scrubLogs(trx, texts);
}

/** Log entries stay for their year; the person's addresses and names are taken out of their text. */
async function scrubLogs(trx: DB, texts: string[]): Promise<void> {
  for (const text of texts) {
    // `_` in an address matches any character here: the few extra rows fetched are left unchanged below.
    const rows = await trx
      .selectFrom('audit_log')
      .select(['id', 'detail', 'entity_id'])
      .where((eb) => eb.or([eb('detail', 'like', `%${text}%`), eb('entity_id', '=', text)]))
      .execute();
    for (const row of rows)
      await trx
        .updateTable('audit_log')
        .set({
          detail: row.detail ? row.detail.split(text).join('[erased]') : null,
          entity_id: row.entity_id === text ? '[erased]' : row.entity_id,
        })
        .where('id', '=', row.id)
        .execute();
  }
}

/** Outbox messages (development and test mail) that mention the person. */
async function eraseOutbox(outboxDir: string | undefined, texts: string[]): Promise<number> {
  if (!outboxDir) return 0;
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(outboxDir, name);
    const body = (await readFile(file, 'utf8')).toLowerCase();
    if (texts.some((t) => body.includes(t.toLowerCase()))) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Makes the erased rows unreadable in the database files: SQLite merges the full-text indexes
 * (dropping deleted tokens) and checkpoints the WAL into the main file, then truncates it; with
 * `secure_delete` on, freed space is zeros. PostgreSQL vacuums the tables touched.
 */
export async function scrubDeletedSpace(db: DB): Promise<void> {
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') {
    for (const table of [
      'members',
      'users',
      'applications',
      'application_documents',
      'natcon_orders',
      'natcon_delegates',
      'natcon_nominations',
      'payments',
      'gateway_orders',
      'bank_statement_lines',
      'audit_log',
      'consents',
      'notification_recipients',
    ])
      await sql`vacuum ${sql.table(table)}`.execute(db);
    return;
  }
  for (const index of ['applications_search', 'members_search'])
    await sql`insert into ${sql.table(index)} (${sql.ref(index)}) values ('optimize')`.execute(db);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/** Erases everything about the person with these keys; returns what was removed besides rows. */
export async function erasePerson(
  db: DB,
  store: FileStore,
  keys: PersonKeys,
  context: { now: Date; actorUserId: number | null; reason: string; outboxDir?: string },
): Promise<ErasureResult> {
  const at = nowIso(context.now);
  const texts = await identifyingTexts(db, keys);
  const files = await fileKeys(db, keys);
  await db.transaction().execute(async (trx) => {
    await eraseRows(trx, keys, texts, at);
    await writeAudit(trx, {
      action: 'privacy.erased',
      at: context.now,
      actorUserId: context.actorUserId,
      entity: keys.memberIds.length ? 'member' : keys.applicationIds.length ? 'application' : 'natcon_order',
      entityId: keys.memberIds[0] ?? keys.applicationIds[0] ?? keys.orderIds[0] ?? 0,
      detail: { reason: context.reason, files: files.length },
    });
  });
  for (const key of files) await store.remove(key);
  const outbox = await eraseOutbox(context.outboxDir, texts);
  await scrubDeletedSpace(db);
  return { files: files.length, outbox };
}
