import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createMember, createUser } from '../support/fixtures';
import { applicationBody, createProposer, json, seedFees, submit, upload } from './joining-support';

describeEachDatabase('Joining: bad input is refused with a message per field and nothing written', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  const count = async () =>
    Number(
      (
        await database.db
          .selectFrom('applications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db, { trustProxy: 1 });
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    await seedFees(database.db, 2026);
    chapterId = (await createChapter(database.db)).id;
    await createProposer(database.db, chapterId, { memberNumber: 'C-1' });
    await createProposer(database.db, chapterId, { memberNumber: 'C-2' });
    await createProposer(database.db, chapterId, { memberNumber: 'A-1', membershipClass: 'associate' });
    await createProposer(database.db, chapterId, { memberNumber: 'C-OLD', paidThrough: 2024 });
    await createProposer(database.db, chapterId, { memberNumber: 'C-SELF', email: 'self@example.test' });
  });
  afterAll(() => database.drop());

  const refused = async (body: unknown, status = 400) => {
    const before = await count();
    const response = await submit(api, body);
    expect(response.status).toBe(status);
    expect(await count()).toBe(before);
    return (await json(response)).error!;
  };

  it('names each missing field', async () => {
    const error = await refused({ classCode: 'associate' });
    expect(error.fields).toMatchObject({
      firstName: expect.any(String),
      email: expect.any(String),
      phone: expect.any(String),
      chapterId: expect.any(String),
      declaration: 'Confirm the declaration to apply.',
    });
  });

  it('refuses a wrong class code and unknown fields', async () => {
    expect((await refused(applicationBody(chapterId, ['C-1', 'C-2'], { classCode: 'gold' }))).fields?.classCode).toBe(
      'Choose a membership class.',
    );
    expect((await refused({ ...applicationBody(chapterId, ['C-1', 'C-2']), isAdmin: true })).fields).toBeTruthy();
  });

  it('refuses an ineligible, lapsed, unknown, repeated or self proposer', async () => {
    expect((await refused(applicationBody(chapterId, ['A-1', 'C-2']))).fields?.proposerNumber).toBe(
      'Your proposer must be a Corporate or Life member.',
    );
    expect((await refused(applicationBody(chapterId, ['C-1', 'C-OLD']))).fields?.seconderNumber).toBe(
      "Your seconder's membership is not active this year.",
    );
    expect((await refused(applicationBody(chapterId, ['X-404', 'C-2']))).fields?.proposerNumber).toContain(
      'No member has',
    );
    expect((await refused(applicationBody(chapterId, ['C-1', 'c-1']))).fields?.seconderNumber).toBe(
      'The seconder must be another member.',
    );
    expect(
      (await refused(applicationBody(chapterId, ['C-SELF', 'C-2'], { email: 'self@example.test' }))).fields
        ?.proposerNumber,
    ).toBe('You cannot propose or second yourself.');
  });

  it('asks a student for the institution and needs no proposers', async () => {
    const student = applicationBody(chapterId, ['', ''], {
      classCode: 'student',
      proposerNumber: undefined,
      seconderNumber: undefined,
    });
    expect((await refused(student)).fields?.institution).toBe('Enter the institution where you study.');
    expect((await submit(api, { ...student, institution: 'IISWBM' })).status).toBe(201);
  });

  it('refuses an amount that does not match the fee reviewed', async () => {
    const error = await refused(applicationBody(chapterId, ['C-1', 'C-2'], { expectedTotal: 1 }));
    expect(error.message).toBe('The fee differs from the one you reviewed.');
    expect(error.fields).toEqual({
      expectedTotal: 'The fee is now Rs 1,251.00. Check the review step and submit again.',
    });
  });

  it('answers 409 with what to do for a member e-mail or an open application', async () => {
    const member = await createMember(database.db, chapterId, { email: 'already@example.test' });
    expect(member.id).toBeGreaterThan(0);
    const asMember = await refused(applicationBody(chapterId, ['C-1', 'C-2'], { email: 'Already@Example.test' }), 409);
    expect(asMember.message).toContain('Sign in at /auth/login');
    await createUser(database.db, { roleId: '3', email: 'staff@example.test' });
    expect((await refused(applicationBody(chapterId, ['C-1', 'C-2'], { email: 'staff@example.test' }), 409)).code).toBe(
      'conflict',
    );
    const first = applicationBody(chapterId, ['C-1', 'C-2']);
    expect((await submit(api, first)).status).toBe(201);
    const open = await refused({ ...applicationBody(chapterId, ['C-1', 'C-2']), email: first.email }, 409);
    expect(open.message).toContain('/membership/track');
  });

  it('throttles submissions per client address (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 12; i++) {
      const response = await submit(api, applicationBody(chapterId, ['X-404', 'C-2']), '10.77.0.1');
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('refuses uploads by content and size: 415 for a program named .pdf, 413 over the limit, 404 without the token', async () => {
    const created = (
      await json<{ reference: string; statusToken: string }>(
        await submit(api, applicationBody(chapterId, ['C-1', 'C-2'])),
      )
    ).data;
    const program = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, ...new Array(200).fill(0)]);
    const exe = await upload(
      api,
      created.reference,
      created.statusToken,
      'certificate',
      program,
      'degree.pdf',
      'application/pdf',
    );
    expect(exe.status).toBe(415);
    expect((await json(exe)).error?.fields?.file).toBeTruthy();
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = await upload(api, created.reference, created.statusToken, 'photo', big, 'me.jpg', 'image/jpeg');
    expect(tooLarge.status).toBe(413);
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect(
      (await upload(api, created.reference, null, 'certificate', pdf, 'degree.pdf', 'application/pdf')).status,
    ).toBe(400);
    expect(
      (await upload(api, created.reference, 'x'.repeat(32), 'certificate', pdf, 'degree.pdf', 'application/pdf'))
        .status,
    ).toBe(404);
    const ok = await upload(
      api,
      created.reference,
      created.statusToken,
      'certificate',
      pdf,
      'degree.pdf',
      'application/pdf',
    );
    expect(ok.status).toBe(201);
    const docs = await database.db.selectFrom('application_documents').select('kind').execute();
    expect(docs.map((d) => d.kind)).toEqual(['certificate']);
  });
});
