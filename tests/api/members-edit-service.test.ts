import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import {
  addMemberNote,
  decideChangeRequest,
  memberAccountEmail,
  requireChangeRequest,
  setMemberAccountActive,
  staffUpdateMember,
} from '../../src/server/domains/members/edit';
import { updateOwnDetails } from '../../src/server/domains/members/self';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember, createUser } from '../support/fixtures';

/**
 * Staff edits of a member's record as the service answers them: each refusal word for word, and each
 * audit entry as the activity log shows it (only what changed, before and after).
 */
describeEachDatabase('a member’s record: edits, notes, the account and change requests', (kind) => {
  let t: TestDatabase;
  let office: AuthUser;
  let chapter: { id: number };
  const now = new Date('2026-11-22T06:30:00Z');
  const actor = () => ({ user: office, ip: '203.0.113.20', now });

  beforeAll(async () => {
    t = await kind.create();
    chapter = await createChapter(t.db, { code: 'PUN' });
    const admin = await createUser(t.db, { roleId: '5', name: 'Office Admin' });
    office = {
      id: admin.id,
      email: admin.email,
      name: 'Office Admin',
      image: null,
      roleId: '5',
      memberId: null,
      chapterId: null,
    };
  });
  afterAll(() => t.drop());

  const audit = async (memberId: number, action: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(['actor_user_id', 'entity', 'entity_id', 'ip', 'detail'])
        .where('action', '=', action)
        .where('entity_id', '=', String(memberId))
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, detail: JSON.parse(row.detail ?? 'null') }));
  const failure = async (work: Promise<unknown>) => {
    const error = (await work.then(
      () => null,
      (e: unknown) => e,
    )) as { kind: string; message: string; fields?: unknown } | null;
    return error && { kind: error.kind, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  };
  const by = { actor_user_id: 0, entity: 'member', ip: '203.0.113.20' };

  it('audits only the fields that changed, and nothing when nothing did', async () => {
    const member = await createMember(t.db, chapter.id, { firstName: 'Meena', email: 'meena@example.test' });
    const account = await createUser(t.db, { roleId: '1', memberId: member.id, email: 'meena@example.test' });
    const answer = await staffUpdateMember(t.db, actor(), member.id, {
      firstName: 'Meena',
      email: 'meena.k@example.test',
      city: 'Pune',
    } as never);
    expect(answer).toEqual({ changed: ['email', 'city'] });
    expect(await audit(member.id, 'member.updated')).toEqual([
      {
        ...by,
        actor_user_id: office.id,
        entity_id: String(member.id),
        detail: {
          before: { email: 'meena@example.test', city: null },
          after: { email: 'meena.k@example.test', city: 'Pune' },
        },
      },
    ]);
    // The sign-in address follows the record's.
    const row = await t.db.selectFrom('users').select('email').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.email).toBe('meena.k@example.test');
    expect(await staffUpdateMember(t.db, actor(), member.id, { city: 'Pune' } as never)).toEqual({ changed: [] });
    expect(await audit(member.id, 'member.updated')).toHaveLength(1);
    // The member's own edit is audited the same way, as the member.
    const self = { ...office, id: account.id, roleId: '1' as const, memberId: member.id };
    await updateOwnDetails(t.db, self, { phone: '9830012345' } as never, { ip: '203.0.113.21', now });
    expect(await failure(updateOwnDetails(t.db, office, { phone: '1' } as never, { ip: null, now }))).toEqual({
      kind: 'not_found',
      message: 'You have no member record.',
    });
    expect(await audit(member.id, 'member.self_updated')).toEqual([
      {
        actor_user_id: account.id,
        entity: 'member',
        entity_id: String(member.id),
        ip: '203.0.113.21',
        detail: { before: { phone: null }, after: { phone: '9830012345' } },
      },
    ]);
  });

  it('refuses an address another account signs in with, and an unknown chapter, word for word', async () => {
    const member = await createMember(t.db, chapter.id, { email: 'first@example.test' });
    await createUser(t.db, { roleId: '1', memberId: member.id, email: 'first@example.test' });
    await createUser(t.db, { roleId: '3', email: 'taken@example.test' });
    expect(
      await failure(staffUpdateMember(t.db, actor(), member.id, { email: 'taken@example.test' } as never)),
    ).toEqual({
      kind: 'conflict',
      message: 'Another account already uses this e-mail address.',
      fields: { email: 'Already in use.' },
    });
    expect(await failure(staffUpdateMember(t.db, actor(), member.id, { chapterId: 999_999 } as never))).toEqual({
      kind: 'invalid',
      message: expect.any(String),
      fields: { chapterId: 'Choose a chapter.' },
    });
    expect(await failure(staffUpdateMember(t.db, actor(), 999_999, { city: 'Goa' } as never))).toEqual({
      kind: 'not_found',
      message: 'No such member.',
    });
  });

  it('moves a member between chapters with the transfer’s note in the history and the audit', async () => {
    const member = await createMember(t.db, chapter.id);
    const other = await createChapter(t.db, { code: 'NAG' });
    await staffUpdateMember(t.db, actor(), member.id, {
      chapterId: other.id,
      transferNote: 'Moved to Nagpur.',
    } as never);
    const moves = await t.db
      .selectFrom('member_transfers')
      .select(['from_chapter_id', 'to_chapter_id', 'note', 'by_user_id'])
      .where('member_id', '=', member.id)
      .execute();
    expect(moves).toEqual([
      { from_chapter_id: chapter.id, to_chapter_id: other.id, note: 'Moved to Nagpur.', by_user_id: office.id },
    ]);
    expect((await audit(member.id, 'member.updated')).map((a) => a.detail)).toEqual([
      { before: { chapterId: chapter.id }, after: { chapterId: other.id }, transferNote: 'Moved to Nagpur.' },
    ]);
  });

  it('audits a note with its text', async () => {
    const member = await createMember(t.db, chapter.id);
    const { id } = await addMemberNote(t.db, actor(), member.id, 'Called about the renewal.');
    expect(await audit(member.id, 'member.note_added')).toEqual([
      {
        ...by,
        actor_user_id: office.id,
        entity_id: String(member.id),
        detail: { before: null, after: { noteId: id, body: 'Called about the renewal.' } },
      },
    ]);
  });

  it('switches the member’s account off and on, audited once per change, and says when there is none', async () => {
    const member = await createMember(t.db, chapter.id);
    expect(await failure(setMemberAccountActive(t.db, actor(), member.id, false))).toEqual({
      kind: 'not_found',
      message: 'This member has no account.',
    });
    expect(await failure(memberAccountEmail(t.db, office, member.id))).toEqual({
      kind: 'not_found',
      message: 'This member has no account.',
    });
    const account = await createUser(t.db, { roleId: '1', memberId: member.id });
    expect(await setMemberAccountActive(t.db, actor(), member.id, false)).toEqual({ active: false });
    expect(await setMemberAccountActive(t.db, actor(), member.id, false)).toEqual({ active: false });
    expect(await failure(memberAccountEmail(t.db, office, member.id))).toEqual({
      kind: 'conflict',
      message: 'The account is disabled: enable it before sending a reset e-mail.',
    });
    await setMemberAccountActive(t.db, actor(), member.id, true);
    expect(await memberAccountEmail(t.db, office, member.id)).toBe(account.email);
    const entry = (before: boolean, after: boolean) => ({
      ...by,
      actor_user_id: office.id,
      entity_id: String(member.id),
      detail: { before: { active: before }, after: { active: after } },
    });
    expect(await audit(member.id, 'member.account_disabled')).toEqual([entry(true, false)]);
    expect(await audit(member.id, 'member.account_enabled')).toEqual([entry(false, true)]);
    const row = await t.db
      .selectFrom('users')
      .select(['active', 'token_version'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ active: 1, token_version: 1 });
  });

  it('closes a change request once, audited, and names what is wrong otherwise', async () => {
    const member = await createMember(t.db, chapter.id);
    const other = await createMember(t.db, chapter.id);
    const request = await t.db
      .insertInto('member_change_requests')
      .values({
        member_id: member.id,
        changes: JSON.stringify({ lastName: 'Iyer' }),
        reason: null,
        state: 'open',
        created_at: now.toISOString(),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await failure(requireChangeRequest(t.db, other.id, request.id))).toEqual({
      kind: 'not_found',
      message: 'No such request.',
    });
    expect(await failure(decideChangeRequest(t.db, actor(), member.id, 999_999, 'done'))).toEqual({
      kind: 'not_found',
      message: 'No such request.',
    });
    expect(await decideChangeRequest(t.db, actor(), member.id, request.id, 'declined')).toEqual({ state: 'declined' });
    expect(await failure(decideChangeRequest(t.db, actor(), member.id, request.id, 'done'))).toEqual({
      kind: 'conflict',
      message: 'This request is already declined.',
    });
    expect(await audit(member.id, 'member.change_request_decided')).toEqual([
      {
        ...by,
        actor_user_id: office.id,
        entity_id: String(member.id),
        detail: { requestId: request.id, before: { state: 'open' }, after: { state: 'declined' } },
      },
    ]);
  });
});
