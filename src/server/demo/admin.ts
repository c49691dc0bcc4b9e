import type { DB } from '../platform/db';
import { nowIso } from '../platform/db';
import { hashPassword } from '../domains/identity/password-hash';
import { kolkataDate } from '../../lib/financial-year';
import { DEMO_PASSWORD } from './seed';

/**
 * Demo data of issue 11: office bearers for the sample chapters (a current team and a past
 * chairman), a few more staff accounts, and three ticker messages. Idempotent: a chapter that has
 * office bearers, an e-mail that has an account and a message text already there are left alone.
 */

const FIRST = ['Anirban', 'Meera', 'Rakesh', 'Sunita', 'Vikram', 'Lakshmi', 'Arjun', 'Farah', 'Gopal', 'Nandini'];
const LAST = ['Chatterjee', 'Iyer', 'Sharma', 'Nair', 'Reddy', 'Mehta', 'Das', 'Khan', 'Pillai', 'Joshi'];

export const DEMO_STAFF = [
  { email: 'editor@demo.nipm.in', name: 'Kavita Rao (demo editor)', roleId: 3, chapterCode: null },
  { email: 'mumbai.admin@demo.nipm.in', name: 'Mumbai Chapter Admin (demo)', roleId: 4, chapterCode: 'MUM' },
  {
    email: 'former.admin@demo.nipm.in',
    name: 'Former Admin (demo, disabled)',
    roleId: 5,
    chapterCode: null,
    disabled: true,
  },
] as const;

export const DEMO_TICKER = [
  { text: 'NATCON 2026: registrations for the National HR Awards are open', link: '/natcon/register' },
  { text: 'Membership renewals for 2026-27 are due by 30 June', link: '/member/memberdetail' },
  { text: 'Personnel Today: the new issue is out', link: '/research/personnel-today' },
] as const;

export async function seedDemoAdmin(db: DB, now: Date): Promise<void> {
  const at = nowIso(now);
  const chapters = await db.selectFrom('chapters').select(['id', 'code']).orderBy('id').execute();
  const withBearers = new Set(
    (await db.selectFrom('office_bearers').select('chapter_id').distinct().execute()).map((r) => r.chapter_id),
  );
  const bearers = chapters
    .filter((c) => !withBearers.has(c.id))
    .flatMap((c, i) => {
      const person = (k: number) => `${FIRST[(i * 3 + k) % FIRST.length]} ${LAST[(i * 7 + k) % LAST.length]}`;
      const row = (k: number, position: string, from: string, to: string | null) => ({
        chapter_id: c.id,
        name: person(k),
        position,
        term_from: from,
        term_to: to,
        photo_key: null,
        photo_type: null,
        created_at: at,
        updated_at: at,
      });
      return [
        row(0, 'Chairman', '2025-04-01', null),
        row(1, 'Secretary', '2025-04-01', null),
        row(2, 'Treasurer', '2025-04-01', null),
        row(3, 'Chairman', '2023-04-01', '2025-03-31'),
      ];
    });
  if (bearers.length) await db.insertInto('office_bearers').values(bearers).execute();

  const chapterOf = new Map(chapters.map((c) => [c.code, c.id]));
  const existing = new Set(
    (
      await db
        .selectFrom('users')
        .select('email')
        .where(
          'email',
          'in',
          DEMO_STAFF.map((s) => s.email),
        )
        .execute()
    ).map((r) => r.email),
  );
  const missing = DEMO_STAFF.filter((s) => !existing.has(s.email));
  if (missing.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db
      .insertInto('users')
      .values(
        missing.map((s) => ({
          email: s.email,
          password_hash: passwordHash,
          name: s.name,
          image: null,
          role_id: s.roleId,
          member_id: null,
          chapter_id: s.chapterCode ? (chapterOf.get(s.chapterCode) ?? null) : null,
          active: 'disabled' in s && s.disabled ? 0 : 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }

  const texts = new Set((await db.selectFrom('scroll_messages').select('text').execute()).map((r) => r.text));
  const today = kolkataDate(now);
  const inAYear = kolkataDate(new Date(now.getTime() + 365 * 86_400_000));
  const messages = DEMO_TICKER.map((m, position) => ({ ...m, position })).filter((m) => !texts.has(m.text));
  if (messages.length) {
    await db
      .insertInto('scroll_messages')
      .values(
        messages.map((m) => ({
          text: m.text,
          link: m.link,
          starts_on: today,
          ends_on: inAYear,
          position: m.position,
          active: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
}
