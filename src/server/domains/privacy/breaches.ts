import type { Selectable } from 'kysely';
import type { DB } from '../../platform/db';
import type { BreachesTable } from '../../platform/db/schema-privacy';
import { nowIso } from '../../platform/db';
import { dialectOf } from '../../platform/db/dialect';
import type { Mailer } from '../../platform/mail/mailer';
import { writeAudit } from '../audit/audit';
import { conflict, notFound } from '../errors';
import type { GrievanceOfficer } from '../../../lib/schemas/privacy';
import {
  BreachScopeSchema,
  type Breach,
  type BreachBody,
  type BreachInvestigationBody,
  type BreachScope,
} from '../../../lib/schemas/privacy-desk';
import { breachReportDueAt, deadlineState } from './deadlines';
import { readPrivacySettings } from './settings';

/**
 * Personal data breaches (DPDP Act, section 8(6); Rules, rule 7). Staff record what happened and
 * whom it touches; the site tells each affected person by e-mail (rule 7(1): what happened, the
 * likely consequences, what the institute does, what they can do, whom to ask) and keeps what the
 * detailed report to the Board needs within 72 hours of the institute becoming aware (rule 7(2)).
 */

interface Recipient {
  email: string;
  name: string;
}

/** Members not erased, as a scope of members names them. */
async function memberRecipients(db: DB, scope: BreachScope): Promise<Recipient[]> {
  let query = db
    .selectFrom('members')
    .select(['members.email', 'members.first_name', 'members.last_name'])
    .where('members.erased_at', 'is', null);
  if (scope.kind === 'members') query = query.where('members.id', 'in', scope.memberIds);
  if (scope.kind === 'chapter') query = query.where('members.chapter_id', '=', scope.chapterId);
  if (scope.kind === 'import')
    query = query.where('members.id', 'in', (eb) =>
      eb
        .selectFrom('import_rows')
        .select('member_id')
        .where('import_id', '=', scope.importId)
        .where('member_id', 'is not', null),
    );
  const rows = await query.orderBy('members.id').execute();
  return rows.map((r) => ({ email: r.email, name: `${r.first_name} ${r.last_name}` }));
}

/** People without a member record: applicants (an approved one is a member), or a NATCON edition's buyers and delegates. */
async function otherRecipients(db: DB, scope: BreachScope): Promise<Recipient[]> {
  if (scope.kind === 'applicants') {
    const rows = await db
      .selectFrom('applications')
      .select(['email', 'first_name', 'last_name'])
      .where('state', '!=', 'approved')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ email: r.email, name: `${r.first_name} ${r.last_name}` }));
  }
  if (scope.kind !== 'natcon') return [];
  const buyers = await db
    .selectFrom('natcon_orders')
    .select(['contact_email as email', 'contact_name as name'])
    .where('edition_id', '=', scope.editionId)
    .orderBy('id')
    .execute();
  const delegates = await db
    .selectFrom('natcon_delegates as d')
    .innerJoin('natcon_orders as o', 'o.id', 'd.order_id')
    .select(['d.email', 'd.name'])
    .where('o.edition_id', '=', scope.editionId)
    .orderBy('d.id')
    .execute();
  return [...buyers, ...delegates];
}

/** The people a scope names, one per e-mail address; erased records (their placeholder addresses) are left out. */
export async function breachRecipients(db: DB, scope: BreachScope): Promise<Recipient[]> {
  const rows =
    scope.kind === 'applicants' || scope.kind === 'natcon'
      ? await otherRecipients(db, scope)
      : await memberRecipients(db, scope);
  const seen = new Map<string, Recipient>();
  for (const row of rows) {
    const email = (row.email ?? '').trim().toLowerCase();
    if (email.includes('@') && !email.endsWith('@erased.invalid') && !seen.has(email))
      seen.set(email, { email, name: row.name.trim() });
  }
  return [...seen.values()];
}

function parseScope(value: string | null): BreachScope | null {
  if (!value) return null;
  const parsed = BreachScopeSchema.safeParse(JSON.parse(value));
  return parsed.success ? parsed.data : null;
}

function viewOf(row: Selectable<BreachesTable> & { recorder: string | null }, now: Date): Breach {
  return {
    id: row.id,
    description: row.description,
    occurredAt: row.occurred_at,
    foundAt: row.found_at,
    location: row.location,
    dataAffected: row.data_affected,
    scope: parseScope(row.scope),
    consequences: row.consequences,
    measures: row.measures,
    advice: row.advice,
    cause: row.cause,
    findings: row.findings,
    prevention: row.prevention,
    affectedCount: (JSON.parse(row.affected) as unknown[]).length,
    notifiedCount: row.notified_count,
    recordedBy: row.recorder,
    createdAt: row.created_at,
    boardDeadline: deadlineState(breachReportDueAt(row.found_at), now),
    boardReportedAt: row.board_reported_at,
  };
}

const withRecorder = (db: DB) =>
  db
    .selectFrom('breaches')
    .leftJoin('users', 'users.id', 'breaches.recorded_by')
    .selectAll('breaches')
    .select('users.email as recorder');

/** Records a breach and the people it touches (resolved now, so the list is what was told). */
export async function recordBreach(
  db: DB,
  body: BreachBody,
  context: { now: Date; actorUserId: number; ip: string | null },
): Promise<Breach> {
  const recipients = await breachRecipients(db, body.scope);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('breaches')
      .values({
        description: body.description,
        occurred_at: body.occurredAt,
        found_at: body.foundAt,
        location: body.location,
        data_affected: body.dataAffected,
        scope: JSON.stringify(body.scope),
        consequences: body.consequences,
        measures: body.measures,
        advice: body.advice,
        cause: body.cause,
        findings: body.findings,
        prevention: body.prevention,
        affected: JSON.stringify(recipients.map((r) => r.email)),
        recorded_by: context.actorUserId,
        created_at: nowIso(context.now),
        board_reported_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'privacy.breach_recorded',
      at: context.now,
      actorUserId: context.actorUserId,
      entity: 'breach',
      entityId: row.id,
      ip: context.ip,
      detail: { scope: body.scope.kind, affected: recipients.length },
    });
    return row.id;
  });
  return readBreach(db, id, context.now);
}

export async function readBreach(db: DB, id: number, now: Date): Promise<Breach> {
  const row = await withRecorder(db).where('breaches.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such breach.');
  return viewOf(row, now);
}

export async function listBreaches(
  db: DB,
  paging: { page: number; pageSize: number },
  now: Date,
): Promise<{ items: Breach[]; total: number }> {
  const total = await db
    .selectFrom('breaches')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await withRecorder(db)
    .orderBy('breaches.found_at', 'desc')
    .orderBy('breaches.id', 'desc')
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
    .execute();
  return { items: rows.map((row) => viewOf(row, now)), total: Number(total.n) };
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function contactLines(officer: GrievanceOfficer | null): string {
  if (!officer) return 'The institute’s office, by replying to this e-mail.';
  return [
    `${officer.name}, ${officer.designation}`,
    officer.email,
    ...(officer.phone ? [officer.phone] : []),
    ...(officer.address ? [officer.address] : []),
  ].join('\n');
}

/** The e-mail rule 7(1) asks for, in plain words. */
export function breachMail(breach: Breach, recipient: Recipient, officer: GrievanceOfficer | null) {
  return {
    to: recipient.email,
    subject: 'NIPM: a breach of your personal data',
    text: [
      `Dear ${recipient.name},`,
      '',
      'We are writing to tell you that personal data of yours held by the National Institute of Personnel Management was affected by a security incident.',
      '',
      `What happened: ${breach.description}`,
      `When: ${breach.occurredAt ? `it happened at ${when(breach.occurredAt)}; ` : ''}we became aware of it at ${when(breach.foundAt)}.`,
      ...(breach.location ? [`Where: ${breach.location}`] : []),
      `Which of your data: ${breach.dataAffected}`,
      '',
      `What this may mean for you: ${breach.consequences}`,
      '',
      `What the institute has done and is doing: ${breach.measures}`,
      '',
      `What you can do: ${breach.advice}`,
      '',
      'Whom to contact with any question:',
      contactLines(officer),
      '',
      'You may also complain to the Data Protection Board of India.',
    ].join('\n'),
  };
}

/**
 * Tells each affected person once. Run after the breach is recorded (in the background of the
 * request); the count of people told is kept with the breach for the Board's report.
 */
export async function notifyBreach(db: DB, mailer: Mailer, id: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('breaches')
    .select(['affected', 'notified_count'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('No such breach.');
  if (row.notified_count > 0) return 0;
  const breach = await readBreach(db, id, now);
  const { officer } = await readPrivacySettings(db);
  const emails = JSON.parse(row.affected) as string[];
  const names = new Map(
    (
      await db
        .selectFrom('members')
        .select(['email', 'first_name', 'last_name'])
        .where('email', 'in', emails.length ? emails : [''])
        .execute()
    ).map((m) => [m.email.toLowerCase(), `${m.first_name} ${m.last_name}`]),
  );
  let sent = 0;
  for (const email of emails) {
    try {
      await mailer.send(breachMail(breach, { email, name: names.get(email) ?? 'member' }, officer));
      sent++;
    } catch (error) {
      console.error('[privacy] breach notice not sent', id, error);
    }
  }
  await db.updateTable('breaches').set({ notified_count: sent }).where('id', '=', id).execute();
  await writeAudit(db, {
    action: 'privacy.breach_notified',
    at: now,
    entity: 'breach',
    entityId: id,
    detail: { sent },
  });
  return sent;
}

/**
 * Records what the investigation found since the breach was recorded. The row is locked while it changes,
 * so the audit's "before" is what the change replaced even when two people save at once.
 */
export async function updateBreachInvestigation(
  db: DB,
  id: number,
  body: BreachInvestigationBody,
  context: { now: Date; actorUserId: number; ip: string | null },
): Promise<Breach> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('breaches')
      .select(['occurred_at', 'location', 'measures', 'cause', 'findings', 'prevention'])
      .where('id', '=', id)
      .$if(dialectOf(trx as never) === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!before) throw notFound('No such breach.');
    const after = {
      occurred_at: body.occurredAt,
      location: body.location,
      measures: body.measures,
      cause: body.cause,
      findings: body.findings,
      prevention: body.prevention,
    };
    await trx.updateTable('breaches').set(after).where('id', '=', id).execute();
    await writeAudit(trx, {
      action: 'privacy.breach_updated',
      at: context.now,
      actorUserId: context.actorUserId,
      entity: 'breach',
      entityId: id,
      ip: context.ip,
      detail: { before, after },
    });
  });
  return readBreach(db, id, context.now);
}

/** Marks the detailed report as sent to the Board (once). */
export async function markBoardReported(
  db: DB,
  id: number,
  context: { now: Date; actorUserId: number; ip: string | null },
): Promise<Breach> {
  const done = await db
    .updateTable('breaches')
    .set({ board_reported_at: nowIso(context.now) })
    .where('id', '=', id)
    .where('board_reported_at', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) {
    await readBreach(db, id, context.now);
    throw conflict('The report to the Board is already marked as sent.');
  }
  await writeAudit(db, {
    action: 'privacy.breach_reported',
    at: context.now,
    actorUserId: context.actorUserId,
    entity: 'breach',
    entityId: id,
    ip: context.ip,
  });
  return readBreach(db, id, context.now);
}
