import { sql } from 'kysely';
import type { DB } from '../../platform/db';
import { nowIso } from '../../platform/db';
import { dialectOf } from '../../platform/db/dialect';
import type { Mailer } from '../../platform/mail/mailer';
import type { FileStore } from '../../platform/storage/store';
import { writeAudit } from '../audit/audit';
import { kolkataDate } from '../../../lib/financial-year';
import { memberStatus } from '../../../lib/member-status';
import { erasureAllowedFrom } from './deadlines';
import { removeSpentUploads } from '../import/spent-uploads';
import { erasePerson, scrubDeletedSpace } from './erasure';
import type { PersonKeys } from './export-manifest';
import { gatherPersonKeys } from './person';
import { applicationIsDue, editionIsDue, lapsedMemberStep, retentionCutoffs } from './retention';
import { readPrivacySettings } from './settings';

/**
 * The daily retention job (DPDP Act, section 8(7); Rules, rule 8). It may run on every server at
 * once: each erasure is claimed by a conditional update that only one run can win, and each
 * 48-hour notice by a keyed insert into `erasure_notices`, so nothing is erased or announced twice.
 */

export interface RetentionDeps {
  store: FileStore;
  mailer: Mailer;
  siteUrl: string;
  outboxDir?: string;
}

export interface RetentionRun {
  applications: number;
  orders: number;
  notices: number;
  /** Lapsed members due a notice who wait for a later day: the day's limit was reached. */
  held: number;
  members: number;
  kept: number;
  logs: number;
  /** Entries of the register of staff downloads past the same period as the logs. */
  exportEntries: number;
  /** Import spreadsheets removed once their import was over (`import/spent-uploads.ts`). */
  uploads: number;
}

const noKeys = (): PersonKeys => ({ memberIds: [], userIds: [], emails: [], applicationIds: [], orderIds: [] });
const CLAIM = '!erased-claim';

type Cutoffs = ReturnType<typeof retentionCutoffs>;

async function eraseClosedApplications(db: DB, deps: RetentionDeps, cutoffs: Cutoffs, now: Date): Promise<number> {
  const due = await db
    .selectFrom('applications')
    .select(['id', 'state', 'updated_at'])
    .where('state', 'in', ['rejected', 'withdrawn'])
    .where('updated_at', '<=', cutoffs.closedApplicationsBefore)
    .where('status_token_hash', 'not like', '!erased-%')
    .execute();
  let erased = 0;
  for (const application of due) {
    if (!applicationIsDue(application, cutoffs)) continue;
    const claim = await db
      .updateTable('applications')
      .set({ status_token_hash: `${CLAIM}-${application.id}` })
      .where('id', '=', application.id)
      .where('status_token_hash', 'not like', '!erased-%')
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    await erasePerson(
      db,
      deps.store,
      { ...noKeys(), applicationIds: [application.id] },
      {
        now,
        actorUserId: null,
        reason: 'retention: application closed',
        outboxDir: deps.outboxDir,
      },
    );
    erased++;
  }
  return erased;
}

async function eraseOldEditions(db: DB, deps: RetentionDeps, cutoffs: Cutoffs, now: Date): Promise<number> {
  const editions = await db.selectFrom('natcon_editions').select(['id', 'ends_on']).execute();
  let erased = 0;
  for (const edition of editions.filter((e) => editionIsDue(e, cutoffs))) {
    const orders = await db
      .selectFrom('natcon_orders')
      .select('id')
      .where('edition_id', '=', edition.id)
      .where('status_token_hash', 'not like', '!erased-%')
      .execute();
    for (const order of orders) {
      const claim = await db
        .updateTable('natcon_orders')
        .set({ status_token_hash: `${CLAIM}-${order.id}` })
        .where('id', '=', order.id)
        .where('status_token_hash', 'not like', '!erased-%')
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      const delegates = await db
        .selectFrom('natcon_delegates')
        .select(['email', 'student_id_key', 'ticket_key'])
        .where('order_id', '=', order.id)
        .execute();
      for (const d of delegates)
        for (const key of [d.student_id_key, d.ticket_key]) if (key) await deps.store.remove(key);
      await db
        .updateTable('natcon_delegates')
        .set({
          name: 'Erased',
          email: '',
          phone: '',
          designation: null,
          student_id_key: null,
          student_id_type: null,
          ticket_key: null,
          ticket_hash: null,
        })
        .where('order_id', '=', order.id)
        .execute();
      await erasePerson(
        db,
        deps.store,
        { ...noKeys(), orderIds: [order.id] },
        {
          now,
          actorUserId: null,
          reason: 'retention: NATCON edition past',
          outboxDir: deps.outboxDir,
        },
      );
      erased++;
    }
    const nominations = await db
      .selectFrom('natcon_nominations')
      .select(['id', 'file_key'])
      .where('edition_id', '=', edition.id)
      .execute();
    for (const n of nominations) if (n.file_key) await deps.store.remove(n.file_key);
    if (nominations.length) await db.deleteFrom('natcon_nominations').where('edition_id', '=', edition.id).execute();
  }
  return erased;
}

/** The last time a member approached the institute: sign-in, admission or a verified renewal. */
async function lastActivity(db: DB, memberId: number, admittedOn: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('last_login_at').as('at'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const payment = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.max('reported_at').as('at'))
    .where('purpose', '=', 'membership_renewal')
    .where('subject_id', '=', memberId)
    .executeTakeFirst();
  return [`${admittedOn}T00:00:00.000Z`, user?.at, payment?.at]
    .filter((v): v is string => typeof v === 'string')
    .sort()
    .at(-1)!;
}

/** Any fixed number: the PostgreSQL lock under which one notice at a time counts the day's notices. */
const NOTICE_LIMIT_LOCK = 7_026_001;

/**
 * Claims the member's 48-hour notice unless one is out already or the last 24 hours' notices reached
 * the day's limit. The count and the insert are one statement; SQLite runs one writer at a time, and on
 * PostgreSQL a transaction lock queues servers running the job together, so none can pass the limit.
 */
async function claimNotice(db: DB, memberId: number, now: Date, perDay: number): Promise<boolean> {
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx as never) === 'postgres')
      await sql`select pg_advisory_xact_lock(${sql.lit(NOTICE_LIMIT_LOCK)})`.execute(trx);
    const claimed = await trx
      .insertInto('erasure_notices')
      .columns(['member_id', 'sent_at'])
      .expression(
        trx
          .selectNoFrom([
            sql<number>`cast(${memberId} as integer)`.as('member_id'),
            sql<string>`cast(${nowIso(now)} as varchar(30))`.as('sent_at'),
          ])
          .where((eb) =>
            eb(
              eb.selectFrom('erasure_notices').select(eb.fn.countAll().as('n')).where('sent_at', '>', since),
              '<',
              perDay,
            ),
          ),
      )
      .onConflict((oc) => oc.column('member_id').doNothing())
      .returning('member_id')
      .executeTakeFirst();
    return claimed !== undefined;
  });
}

async function handleLapsedMembers(
  db: DB,
  deps: RetentionDeps,
  cutoffs: Cutoffs,
  noticesPerDay: number,
  now: Date,
): Promise<{ notices: number; held: number; members: number; kept: number }> {
  const today = kolkataDate(now);
  const members = await db
    .selectFrom('members')
    .leftJoin('erasure_notices', 'erasure_notices.member_id', 'members.id')
    .select([
      'members.id',
      'members.email',
      'members.first_name',
      'members.membership_class',
      'members.paid_through_year',
      'members.admitted_on',
      'erasure_notices.sent_at',
    ])
    .where('members.erased_at', 'is', null)
    .execute();
  const run = { notices: 0, held: 0, members: 0, kept: 0 };
  for (const m of members) {
    const lapsed =
      memberStatus(
        { classCode: m.membership_class, paidThroughYear: m.paid_through_year, admittedOn: m.admitted_on },
        today,
      ) === 'lapsed';
    if (!lapsed) continue;
    const step = lapsedMemberStep(
      { lapsed, lastActivityAt: await lastActivity(db, m.id, m.admitted_on), noticeSentAt: m.sent_at },
      cutoffs,
      now,
    );
    if (step === 'keep' && m.sent_at) {
      await db.deleteFrom('erasure_notices').where('member_id', '=', m.id).execute();
      run.kept++;
    }
    if (step === 'send_notice') {
      if (!(await claimNotice(db, m.id, now, noticesPerDay))) {
        const sentByAnother = await db
          .selectFrom('erasure_notices')
          .select('member_id')
          .where('member_id', '=', m.id)
          .executeTakeFirst();
        if (!sentByAnother) run.held++;
        continue;
      }
      const signIn = new URL('/auth/login', deps.siteUrl).toString();
      await deps.mailer.send({
        to: m.email,
        subject: 'Your NIPM data will be erased in 48 hours',
        text: `Dear ${m.first_name},\n\nYour NIPM membership has lapsed and you have not signed in for a long time. As the law asks, we will erase your personal data from ${erasureAllowedFrom(nowIso(now)).slice(0, 16).replace('T', ' ')} UTC unless you sign in before then: ${signIn}\n\nYour member number stays reserved, and tax invoices are kept as the GST law requires.\n`,
      });
      await writeAudit(db, { action: 'privacy.erasure_notice_sent', at: now, entity: 'member', entityId: m.id });
      run.notices++;
    }
    if (step === 'erase') {
      const claim = await db
        .updateTable('members')
        .set({ erased_at: nowIso(now) })
        .where('id', '=', m.id)
        .where('erased_at', 'is', null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      const keys = await gatherPersonKeys(db, { memberId: m.id });
      await erasePerson(db, deps.store, keys, {
        now,
        actorUserId: null,
        reason: 'retention: lapsed and inactive',
        outboxDir: deps.outboxDir,
      });
      run.members++;
    }
  }
  return run;
}

/** One day's run of the retention job. */
export async function runRetention(db: DB, deps: RetentionDeps, now: Date): Promise<RetentionRun> {
  const { retention } = await readPrivacySettings(db);
  const cutoffs = retentionCutoffs(retention, now);
  const applications = await eraseClosedApplications(db, deps, cutoffs, now);
  const orders = await eraseOldEditions(db, deps, cutoffs, now);
  const lapsed = await handleLapsedMembers(db, deps, cutoffs, retention.lapsedNoticesPerDay, now);
  const uploads = await removeSpentUploads(db, deps.store, now);
  const purged = await db.deleteFrom('audit_log').where('at', '<', cutoffs.logsBefore).executeTakeFirst();
  const logs = Number(purged.numDeletedRows);
  // The register of staff downloads is a log of processing too: kept as long as the activity log.
  const exportsPurged = await db
    .deleteFrom('personal_data_exports')
    .where('at', '<', cutoffs.logsBefore)
    .executeTakeFirst();
  const exportEntries = Number(exportsPurged.numDeletedRows);
  if (logs || exportEntries)
    await writeAudit(db, {
      action: 'privacy.logs_purged',
      at: now,
      detail: { before: cutoffs.logsBefore, entries: logs, exportEntries },
    });
  await scrubDeletedSpace(db);
  return { applications, orders, ...lapsed, logs, exportEntries, uploads };
}
