import type { DB } from '../../platform/db';
import type { Mailer } from '../../platform/mail/mailer';
import { ROLE } from '../../../lib/roles';
import type { TransferItem } from '../../../lib/schemas/transfers';
import { AudienceError, sendNotification } from '../notifications/notifications';

/**
 * Who is told of a transfer decision, and how: the member and the admins of both chapters get a
 * notice in the portal and an e-mail (as the renewal reminders do). A failure to tell one person is
 * logged and never undoes the decision, which is already committed.
 */
export async function tellTransferDecision(
  db: DB,
  mailer: Mailer,
  transfer: TransferItem,
  siteUrl: string,
  now: Date,
): Promise<void> {
  const member = await db
    .selectFrom('members')
    .leftJoin('users', 'users.member_id', 'members.id')
    .select(['members.email', 'users.email as account_email'])
    .where('members.id', '=', transfer.memberId)
    .executeTakeFirst();
  const admins = await db
    .selectFrom('users')
    .select(['email'])
    .where('role_id', '=', Number(ROLE.chapterAdmin))
    .where('active', '=', 1)
    .where('chapter_id', 'in', [transfer.fromChapter.id, transfer.toChapter.id])
    .execute();
  const approved = transfer.state === 'approved';
  const move = `from ${transfer.fromChapter.name} to ${transfer.toChapter.name}`;
  const why = transfer.decisionNote ? `\n\nThe national office's note: ${transfer.decisionNote}` : '';
  const memberText = {
    title: approved ? 'Your chapter transfer is approved' : 'Your chapter transfer was refused',
    message: approved ? `Your membership has moved ${move}.${why}` : `Your request to move ${move} was refused.${why}`,
    link: '/member/memberdetail',
  };
  const adminText = {
    title: `Transfer ${approved ? 'approved' : 'refused'}: ${transfer.memberName} (${transfer.memberNumber})`,
    message: `The national office ${approved ? 'approved' : 'refused'} the move of ${transfer.memberName} ${move}.${why}`,
    link: '/admin/membership',
  };
  const memberEmail = member?.account_email ?? member?.email;
  const sends: { email: string; text: typeof memberText }[] = [
    ...(memberEmail ? [{ email: memberEmail, text: memberText }] : []),
    ...admins.map((admin) => ({ email: admin.email, text: adminText })),
  ];
  for (const { email, text } of sends) {
    try {
      await sendNotification(db, { senderId: null, ...text, audience: { type: 'member', id: email } }, now);
    } catch (error) {
      // Someone without an active account is still told by e-mail.
      if (!(error instanceof AudienceError)) console.error('[transfers] notice failed', error);
    }
    try {
      await mailer.send({
        to: email,
        subject: `NIPM: ${text.title}`,
        text: [text.message, '', `${siteUrl}${text.link}`, '', 'National Institute of Personnel Management'].join('\n'),
      });
    } catch (error) {
      console.error('[transfers] e-mail failed', error);
    }
  }
}
