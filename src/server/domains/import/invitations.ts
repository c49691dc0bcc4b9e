import { randomBytes } from 'node:crypto';
import { nowIso, type DB } from '../../platform/db';
import type { Mailer } from '../../platform/mail/mailer';
import { writeAudit } from '../audit/audit';
import { hashToken, RESET_PATH } from '../identity/password-reset';
import { endResetLinks } from '../identity/reset-links';
import { SET_PASSWORD_LINK_TTL_MS } from '../joining/approval';
import { UNSET_PASSWORD_PREFIX } from './accounts';
import { loadImport } from './imports';
import { wrongState } from './problems';

/**
 * Invitations to the new portal for members an import gave an account. Nothing is sent at import
 * time: staff ask for an import's invitations, which queues one row per member in
 * `invitation_sends` (the member is the key, so a member is queued once whatever the clicks, the
 * imports or the servers), and every server's poller sends queued ones at the configured rate. A
 * queued row is claimed by one conditional update before its e-mail goes, so two servers never
 * send the same one. The link is a set-password link like the reset link: single use, expiring,
 * ended by any later link or password change.
 */
export const DEFAULT_INVITATIONS_PER_HOUR = 200;
/** How long a claimed invitation stays with its server before another may take it (a crash mid-send). */
const CLAIM_MS = 5 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Where the privacy notice is read (its current version). */
const PRIVACY_NOTICE_PATH = '/privacy';

export interface InvitationCounts {
  waiting: number;
  sent: number;
  failed: number;
}

/** Queues the invitations of an import: its members with an account still without a password. */
export async function requestInvitations(
  db: DB,
  id: number,
  input: { userId: number; now: Date },
): Promise<InvitationCounts> {
  const record = await loadImport(db, id);
  if (record.state !== 'done') throw wrongState('Invitations can be sent once the import is committed.');
  const candidates = await db
    .selectFrom('import_rows')
    .innerJoin('users', 'users.id', 'import_rows.user_id')
    .select(['import_rows.member_id', 'users.id as user_id'])
    .where('import_rows.import_id', '=', id)
    .where('users.password_hash', 'like', `${UNSET_PASSWORD_PREFIX}%`)
    .execute();
  const at = nowIso(input.now);
  for (let start = 0; start < candidates.length; start += 500) {
    const values = candidates
      .slice(start, start + 500)
      .filter((c): c is { member_id: number; user_id: number } => c.member_id !== null)
      .map((c) => ({
        member_id: c.member_id,
        import_id: id,
        user_id: c.user_id,
        state: 'waiting' as const,
        created_at: at,
      }));
    if (values.length === 0) continue;
    await db
      .insertInto('invitation_sends')
      .values(values)
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
  }
  return invitationCounts(db, id);
}

export async function invitationCounts(db: DB, id: number): Promise<InvitationCounts> {
  const rows = await db
    .selectFrom('invitation_sends')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('import_id', '=', id)
    .groupBy('state')
    .execute();
  const counts: InvitationCounts = { waiting: 0, sent: 0, failed: 0 };
  for (const row of rows) {
    if (row.state === 'sent') counts.sent += Number(row.n);
    else if (row.state === 'failed') counts.failed += Number(row.n);
    else counts.waiting += Number(row.n);
  }
  return counts;
}

/**
 * The invitation is the imported member's first word from the site, so it carries the short
 * privacy notice (DPDP Act, section 5: notice with or before the request for consent, and to
 * people whose data was held before the Act) with the link to the full one.
 */
function invitationMail(to: string, name: string, link: string, siteUrl: string) {
  const days = Math.round(SET_PASSWORD_LINK_TTL_MS / (24 * HOUR_MS));
  return {
    to,
    subject: "NIPM's new member portal: set your password",
    text: [
      `Dear ${name},`,
      '',
      'The National Institute of Personnel Management has moved its member register to its new portal,',
      'and your membership is on it. To sign in, set your password with this link',
      `(it works once, within ${days} days):`,
      '',
      link,
      '',
      'Then sign in with this e-mail address to see your membership, renew it and receive notices.',
      '',
      'Your personal data: the institute keeps the particulars of your membership that were in its register',
      '(name, contact details, address, chapter, class, payments) to run your membership, take your payments',
      'and issue receipts and invoices. The privacy notice says what we keep, why and for how long, and how to',
      'see, download, correct or erase it, withdraw a consent or raise a grievance (also from "Privacy" in the',
      `portal once you sign in): ${new URL(PRIVACY_NOTICE_PATH, siteUrl).toString()}`,
      '',
      'National Institute of Personnel Management',
    ].join('\n'),
  };
}

/** Claims one queued invitation for this server; false when another server has it or it is gone. */
async function claim(db: DB, memberId: number, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('invitation_sends')
    .set({ state: 'sending', claimed_until: nowIso(new Date(now.getTime() + CLAIM_MS)) })
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'waiting'),
        eb.and([eb('state', '=', 'sending'), eb('claimed_until', '<', nowIso(now))]),
      ]),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Sends queued invitations while the last hour's sends stay under `perHour`. Returns how many this
 * call sent. Safe on every server at once: each send is claimed first.
 */
export async function sendDueInvitations(
  db: DB,
  mailer: Mailer,
  options: { now: () => Date; siteUrl: string; perHour: number; signal?: AbortSignal },
): Promise<number> {
  const start = options.now();
  const recent = await db
    .selectFrom('invitation_sends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'sent')
    .where('sent_at', '>', nowIso(new Date(start.getTime() - HOUR_MS)))
    .executeTakeFirstOrThrow();
  const allowance = options.perHour - Number(recent.n);
  if (allowance <= 0) return 0;
  const queued = await db
    .selectFrom('invitation_sends')
    .select('member_id')
    .where((eb) =>
      eb.or([
        eb('state', '=', 'waiting'),
        eb.and([eb('state', '=', 'sending'), eb('claimed_until', '<', nowIso(start))]),
      ]),
    )
    .orderBy('member_id')
    .limit(allowance)
    .execute();
  let sent = 0;
  for (const { member_id: memberId } of queued) {
    if (options.signal?.aborted) break;
    const now = options.now();
    if (!(await claim(db, memberId, now))) continue;
    const token = randomBytes(32).toString('base64url');
    const account = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('invitation_sends')
        .innerJoin('users', 'users.id', 'invitation_sends.user_id')
        .select([
          'users.id',
          'users.email',
          'users.name',
          'users.token_version',
          'users.password_hash',
          'invitation_sends.import_id',
        ])
        .where('invitation_sends.member_id', '=', memberId)
        .executeTakeFirst();
      if (!row || !row.password_hash.startsWith(UNSET_PASSWORD_PREFIX)) return null;
      await endResetLinks(trx, row.id, now);
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: hashToken(token),
          user_id: row.id,
          expires_at: nowIso(new Date(now.getTime() + SET_PASSWORD_LINK_TTL_MS)),
          used_at: null,
          created_at: nowIso(now),
          token_version: row.token_version,
        })
        .execute();
      return row;
    });
    if (!account) {
      // The member set a password meanwhile (a reset link): nothing to invite them to.
      await db
        .updateTable('invitation_sends')
        .set({ state: 'sent', sent_at: nowIso(now) })
        .where('member_id', '=', memberId)
        .execute();
      continue;
    }
    const link = new URL(`${RESET_PATH}?token=${encodeURIComponent(token)}`, options.siteUrl).toString();
    try {
      await mailer.send(invitationMail(account.email, account.name, link, options.siteUrl));
      await db
        .updateTable('invitation_sends')
        .set({ state: 'sent', sent_at: nowIso(now), claimed_until: null })
        .where('member_id', '=', memberId)
        .execute();
      sent += 1;
    } catch (error) {
      await db
        .updateTable('invitation_sends')
        .set({ state: 'failed', failure: String((error as Error).message ?? error).slice(0, 500), claimed_until: null })
        .where('member_id', '=', memberId)
        .execute();
    }
  }
  if (sent > 0) {
    await writeAudit(db, {
      action: 'import.invitations_sent',
      at: options.now(),
      entity: 'invitations',
      detail: { sent },
    });
  }
  return sent;
}
