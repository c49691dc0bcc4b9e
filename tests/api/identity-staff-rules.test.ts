import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allUsers, inviteUser, listUsers, updateUser } from '../../src/server/domains/identity/staff-users';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember, createUser, type CreatedUser } from '../support/fixtures';

/**
 * The house rules of staff accounts, asked of the service itself with the exact answer each gives: the
 * API's own schemas turn some of these away before the service sees them, but the service is what every
 * caller (the API, an import, a script) goes through, so its answers must hold alone. Also the register's
 * filters, paging and audit entries, row by row.
 */
describeEachDatabase('staff accounts: the rules, the register and the audit trail', (kind) => {
  let t: TestDatabase;
  let superAdmin: CreatedUser;
  let chapter: { id: number };
  let closed: { id: number };
  const context = () => ({
    actorId: superAdmin.id,
    ip: '203.0.113.9',
    siteUrl: 'https://nipm.example',
    now: new Date(),
  });

  beforeAll(async () => {
    t = await kind.create();
    chapter = await createChapter(t.db, { code: 'HYD', name: 'Hyderabad' });
    closed = await createChapter(t.db, { code: 'OLDC' });
    await t.db.updateTable('chapters').set({ active: 0 }).where('id', '=', closed.id).execute();
    superAdmin = await createUser(t.db, { roleId: '2', name: 'Asha Super' });
  });
  afterAll(() => t.drop());

  const auditOf = async (entityId: number, action: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(['actor_user_id', 'entity', 'entity_id', 'ip', 'detail'])
        .where('action', '=', action)
        .where('entity_id', '=', String(entityId))
        .execute()
    ).map((row) => ({ ...row, detail: JSON.parse(row.detail ?? 'null') }));

  describe('inviting', () => {
    const invite = (input: Record<string, unknown>) =>
      inviteUser(t.db, { name: 'Ravi Rao', email: `ravi-${Math.random()}@example.test`, ...input } as never, context());

    it('gives a chapter only to a chapter admin, and only an active one that exists', async () => {
      expect(await invite({ roleId: '3', chapterId: chapter.id })).toEqual({
        ok: false,
        kind: 'invalid',
        field: 'chapterId',
        message: 'Only a chapter admin has a chapter.',
      });
      const refusal = (message: string) => ({ ok: false, kind: 'invalid', field: 'chapterId', message });
      expect(await invite({ roleId: '4' })).toEqual(refusal('A chapter admin needs a chapter.'));
      expect(await invite({ roleId: '4', chapterId: 999_999 })).toEqual(refusal('No such chapter.'));
      expect(await invite({ roleId: '4', chapterId: closed.id })).toEqual(refusal('This chapter is deactivated.'));
      expect(await t.db.selectFrom('users').select('id').where('email', 'like', 'ravi-%').execute()).toEqual([]);
    });

    it('makes the account with its chapter, audits it and writes the invitation', async () => {
      const made = await inviteUser(
        t.db,
        { name: 'Lata Chapter', email: 'lata@example.test', roleId: '4', chapterId: chapter.id },
        context(),
      );
      if (!made.ok) throw new Error(made.message);
      expect(made.user).toMatchObject({
        name: 'Lata Chapter',
        roleId: '4',
        chapter: { id: chapter.id, code: 'HYD', name: 'Hyderabad' },
        active: true,
      });
      expect(made.mail.subject).toBe('Your NIPM staff account');
      expect(made.mail.text).toContain(
        'An account has been created for you on the NIPM website. Choose your password with this link:',
      );
      expect(await auditOf(made.user.id, 'staff.user_invited')).toEqual([
        {
          actor_user_id: superAdmin.id,
          entity: 'user',
          entity_id: String(made.user.id),
          ip: '203.0.113.9',
          detail: {
            before: null,
            after: {
              roleId: '4',
              role: 'Chapter admin',
              chapterId: chapter.id,
              active: true,
              email: 'lata@example.test',
              name: 'Lata Chapter',
            },
          },
        },
      ]);
      const again = await inviteUser(t.db, { name: 'Lata Again', email: 'lata@example.test', roleId: '5' }, context());
      expect(again).toEqual({
        ok: false,
        kind: 'conflict',
        field: 'email',
        message: 'An account with this e-mail exists.',
      });
    });
  });

  describe('changing an account', () => {
    let target: CreatedUser;
    beforeEach(async () => {
      target = await createUser(t.db, { roleId: '3' });
    });
    const update = (id: number, changes: Record<string, unknown>, actorId = superAdmin.id) =>
      updateUser(t.db, id, changes as never, { ...context(), actorId });

    it('answers exactly why a change is refused, and changes nothing', async () => {
      const member = await createMember(t.db, chapter.id);
      const memberUser = await createUser(t.db, { roleId: '1', memberId: member.id });
      const managed = {
        ok: false,
        kind: 'conflict',
        message: 'Member accounts are managed from the member’s record.',
      };
      for (const changes of [{ roleId: '3' }, { chapterId: chapter.id }, { active: false }]) {
        expect(await update(memberUser.id, changes)).toEqual(managed);
      }
      expect(await update(999_999, { active: false })).toEqual({
        ok: false,
        kind: 'not_found',
        message: 'No such account.',
      });
      expect(await update(target.id, { active: false, sendResetLink: true })).toEqual({
        ok: false,
        kind: 'conflict',
        field: 'sendResetLink',
        message: 'Enable the account first.',
      });
      expect(await update(target.id, { active: false }, target.id)).toEqual({
        ok: false,
        kind: 'conflict',
        field: 'active',
        message: 'You cannot disable your own account.',
      });
      expect(await update(target.id, { roleId: '5' }, target.id)).toEqual({
        ok: false,
        kind: 'conflict',
        field: 'roleId',
        message: 'You cannot change your own role.',
      });
      expect(await update(target.id, { chapterId: chapter.id })).toEqual({
        ok: false,
        kind: 'invalid',
        field: 'chapterId',
        message: 'Only a chapter admin has a chapter.',
      });
      expect(await update(target.id, { roleId: '4', chapterId: closed.id })).toEqual({
        ok: false,
        kind: 'invalid',
        field: 'chapterId',
        message: 'This chapter is deactivated.',
      });
      const row = await t.db
        .selectFrom('users')
        .select(['role_id', 'active', 'chapter_id', 'token_version'])
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role_id: 3, active: 1, chapter_id: null, token_version: 0 });
      expect(await auditOf(target.id, 'staff.user_updated')).toEqual([]);
    });

    it('lets a user change their own account in ways that are no change of role or access', async () => {
      const same = await update(target.id, { roleId: '3', active: true }, target.id);
      expect(same).toMatchObject({ ok: true, mail: null, user: { roleId: '3', active: true } });
      // Nothing changed, so nothing is audited and the sessions go on.
      expect(await auditOf(target.id, 'staff.user_updated')).toEqual([]);
    });

    it('names the field of the last super admin’s refusal by what was asked', async () => {
      const lone = await t.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ active: 0 }).where('role_id', '=', 2).execute();
        return createUser(trx as never, { roleId: '2' });
      });
      const message = 'This is the last active super admin: make another super admin first.';
      expect(await update(lone.id, { active: false })).toEqual({
        ok: false,
        kind: 'conflict',
        field: 'active',
        message,
      });
      expect(await update(lone.id, { roleId: '5' })).toEqual({ ok: false, kind: 'conflict', field: 'roleId', message });
      await t.db.updateTable('users').set({ active: 1 }).where('id', '=', superAdmin.id).execute();
    });

    it('keeps a chapter admin’s chapter when only the account is switched off, and audits before and after', async () => {
      const admin = await createUser(t.db, { roleId: '4', chapterId: chapter.id });
      const off = await update(admin.id, { active: false });
      expect(off).toMatchObject({ ok: true, user: { active: false, chapter: { id: chapter.id } } });
      const audit = await auditOf(admin.id, 'staff.user_updated');
      expect(audit).toEqual([
        {
          actor_user_id: superAdmin.id,
          entity: 'user',
          entity_id: String(admin.id),
          ip: '203.0.113.9',
          detail: {
            before: { roleId: '4', role: 'Chapter admin', chapterId: chapter.id, active: true },
            after: { roleId: '4', role: 'Chapter admin', chapterId: chapter.id, active: false },
            sessionsEnded: true,
          },
        },
      ]);
      const moved = await update(admin.id, { active: true, roleId: '5' });
      expect(moved).toMatchObject({ ok: true, user: { roleId: '5', chapter: null, active: true } });
    });

    it('checks the chapter a chapter admin is moved to, and sends a member a link without other changes', async () => {
      const admin = await createUser(t.db, { roleId: '4', chapterId: chapter.id });
      expect(await update(admin.id, { chapterId: closed.id })).toEqual({
        ok: false,
        kind: 'invalid',
        field: 'chapterId',
        message: 'This chapter is deactivated.',
      });
      const member = await createMember(t.db, chapter.id);
      const memberUser = await createUser(t.db, { roleId: '1', memberId: member.id });
      const sent = await update(memberUser.id, { sendResetLink: true });
      expect(sent).toMatchObject({ ok: true, user: { roleId: '1' }, mail: { to: memberUser.email } });
    });

    it('sends a new set-password link, audited with the address it went to', async () => {
      const sent = await update(target.id, { sendResetLink: true });
      if (!sent.ok) throw new Error(sent.message);
      expect(sent.mail?.subject).toBe('Set a new password for your NIPM account');
      expect(sent.mail?.text).toContain('The NIPM administration sent you a link to set a new password:');
      expect(await auditOf(target.id, 'staff.reset_link_sent')).toEqual([
        {
          actor_user_id: superAdmin.id,
          entity: 'user',
          entity_id: String(target.id),
          ip: '203.0.113.9',
          detail: { before: null, after: { linkSentTo: target.email } },
        },
      ]);
    });
  });

  describe('the register', () => {
    let other: { id: number };
    beforeAll(async () => {
      other = await createChapter(t.db, { code: 'VIZ' });
      await createUser(t.db, { roleId: '4', chapterId: other.id, name: 'Zeenat Vizag', email: 'zeenat@example.test' });
      await createUser(t.db, { roleId: '5', name: 'Meera OFFICE', email: 'meera.office@example.test', active: false });
    });

    it('finds by part of the name in any case, or of the address, and filters by chapter and state', async () => {
      const names = async (options: Record<string, unknown>) =>
        (await listUsers(t.db, { page: 1, pageSize: 50, ...options })).items.map((u) => u.name);
      expect(await names({ q: 'mEErA' })).toEqual(['Meera OFFICE']);
      expect(await names({ q: 'zeenat@' })).toEqual(['Zeenat Vizag']);
      expect(await names({ chapterId: other.id })).toEqual(['Zeenat Vizag']);
      expect(await names({ active: false, q: 'e' })).toContain('Meera OFFICE');
      expect(await names({ active: true })).not.toContain('Meera OFFICE');
      const everyone = await listUsers(t.db, { page: 1, pageSize: 500 });
      expect(everyone.items.map((u) => u.name)).toEqual([...everyone.items.map((u) => u.name)].sort());
      const second = await listUsers(t.db, { page: 2, pageSize: 2 });
      expect(second.items.map((u) => u.id)).toEqual(everyone.items.slice(2, 4).map((u) => u.id));
      expect(second.total).toBe(everyone.total);
    });

    it('exports every account in pages of 500, more than one page included', async () => {
      const at = new Date().toISOString();
      const many = Array.from({ length: 520 }, (_, i) => ({
        email: `bulk-${String(i).padStart(3, '0')}@example.test`,
        password_hash: 'x',
        name: `Bulk ${String(i).padStart(3, '0')}`,
        image: null,
        role_id: 5,
        member_id: null,
        chapter_id: null,
        active: 1,
        created_at: at,
        updated_at: at,
      }));
      for (let i = 0; i < many.length; i += 100)
        await t.db
          .insertInto('users')
          .values(many.slice(i, i + 100))
          .execute();
      const exported: string[] = [];
      for await (const user of allUsers(t.db, { q: 'bulk-' })) exported.push(user.name);
      expect(exported).toHaveLength(520);
      expect(exported[0]).toBe('Bulk 000');
      expect(exported[519]).toBe('Bulk 519');
    });
  });
});
