import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { pdfText } from '../support/money';
import { applicationBody, createCoupon, createProposer, json, seedFees, submit, upload } from './joining-support';

/** The outbox text with quoted-printable soft breaks undone. */
const plain = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

function linkToken(eml: string, path: string): string {
  const match = plain(eml).match(
    new RegExp(`http://localhost:4321${path.replace(/[?/]/g, '\\$&')}\\?token=([A-Za-z0-9_%-]+)`),
  );
  if (!match?.[1]) throw new Error(`No ${path} link in:\n${eml}`);
  return decodeURIComponent(match[1]);
}

describeEachDatabase('Joining: from the application to the new member signing in', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapter: { id: number; code: string };
  let otherChapter: { id: number };
  let superAdmin: CreatedUser;
  let admin: CreatedUser;
  let chapterAdmin: CreatedUser;
  let otherChapterAdmin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db, { trustProxy: 1 });
    api.clock.now = new Date('2026-11-20T06:00:00Z');
    const db = database.db;
    await seedFees(db, 2026);
    chapter = await createChapter(db, { code: 'KOL', name: 'Kolkata Chapter' });
    otherChapter = await createChapter(db, { code: 'MUM' });
    await createProposer(db, chapter.id, { memberNumber: 'P-0001' });
    await createProposer(db, chapter.id, { memberNumber: 'P-0002', membershipClass: 'life', paidThrough: null });
    superAdmin = await createUser(db, { roleId: '2' });
    admin = await createUser(db, { roleId: '5' });
    chapterAdmin = await createUser(db, { roleId: '4', chapterId: chapter.id });
    otherChapterAdmin = await createUser(db, { roleId: '4', chapterId: otherChapter.id });
    await createCoupon(db, { code: 'WELCOME10', value: 10, maxUses: 5 });
  });
  afterAll(() => database.drop());

  it('quotes the fee publicly: half subscription from 1 October, GST none, a coupon previewed', async () => {
    const quote = await json(await api.request('GET', '/api/membership/fee-quote?class=associate&on=2026-10-01'));
    expect(quote.data).toMatchObject({
      classCode: 'associate',
      financialYear: '2026-27',
      entranceFee: 50_000,
      subscription: 75_100,
      halfYear: true,
      discount: 0,
      gst: 0,
      total: 125_100,
    });
    const september = await json(await api.request('GET', '/api/membership/fee-quote?class=associate&on=2026-09-30'));
    expect(september.data).toMatchObject({ subscription: 150_100, halfYear: false, total: 200_100 });
    const coupon = await json(
      await api.request('GET', '/api/membership/fee-quote?class=associate&on=2026-10-01&coupon=welcome10'),
    );
    expect(coupon.data).toMatchObject({ discount: 12_510, total: 112_590, coupon: 'WELCOME10' });
    const unknown = await api.request('GET', '/api/membership/fee-quote?class=associate&coupon=NOPE');
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).error?.fields?.coupon).toBeTruthy();
    const badClass = await api.request('GET', '/api/membership/fee-quote?class=gold');
    expect(badClass.status).toBe(400);
    expect((await json(badClass)).error?.fields?.class).toBe('Choose a membership class.');
  });

  it('takes the application, pays, verifies, scrutinises, recommends, approves, and the member signs in', async () => {
    const db = database.db;
    const body = applicationBody(chapter.id, ['p-0001', 'P-0002'], { coupon: 'welcome10', expectedTotal: 112_590 });
    const submitted = await submit(api, body);
    expect(submitted.status).toBe(201);
    const created = (
      await json<{
        reference: string;
        statusToken: string;
        amountDue: number;
        discount: number;
        state: string;
        financialYear: string;
      }>(submitted)
    ).data;
    expect(created).toMatchObject({
      amountDue: 112_590,
      discount: 12_510,
      state: 'awaiting_payment',
      financialYear: '2026-27',
    });
    expect(created.reference).toMatch(/^APP-[A-Z2-9]{8}$/);

    // The chapter's admin hears of it on the bell; another chapter's admin does not.
    const count = async (user: CreatedUser) =>
      (
        await json<{ count: number }>(
          await api.request('GET', '/api/notifications/unread-count', { token: user.token }),
        )
      ).data.count;
    expect(await count(chapterAdmin)).toBe(1);
    expect(await count(otherChapterAdmin)).toBe(0);

    // The confirmation e-mail links to the status page.
    await api.settle();
    const confirmation = api.outbox().find((m) => m.includes(created.reference)) as string;
    expect(linkToken(confirmation, '/membership/status')).toBe(created.statusToken);

    // A fee change after the quote never alters it.
    const raised = await api.request('PUT', '/api/admin/membership-fees/2026-27/associate', {
      token: superAdmin.token,
      body: { entranceFee: 99_900, subscription: 400_000, oneTimeFee: 0 },
    });
    expect(raised.status).toBe(200);

    const status = await json<{
      state: string;
      amountDue: number;
      quote: { total: number };
      history: unknown[];
      nextStep: string;
    }>(await api.request('GET', `/api/membership/status?token=${encodeURIComponent(created.statusToken)}`));
    expect(status.data).toMatchObject({ state: 'awaiting_payment', amountDue: 112_590, quote: { total: 112_590 } });
    expect(status.data.nextStep).toContain('Rs 1,125.90');
    const tracked = await api.request(
      'GET',
      `/api/membership/track?reference=${created.reference.toLowerCase()}&email=${encodeURIComponent(body.email.toUpperCase())}`,
    );
    expect((await json(tracked)).data).toMatchObject({ reference: created.reference, state: 'awaiting_payment' });
    const wrongEmail = await api.request(
      'GET',
      `/api/membership/track?reference=${created.reference}&email=someone@example.test`,
    );
    expect(wrongEmail.status).toBe(404);

    // The photo is re-encoded without its metadata and served only to the applicant and staff.
    const png = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#c33' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
      .toBuffer();
    const photo = await upload(
      api,
      created.reference,
      created.statusToken,
      'photo',
      new Uint8Array(png),
      'me.png',
      'image/png',
    );
    expect(photo.status).toBe(201);
    expect((await json(photo)).data).toMatchObject({ kind: 'photo', contentType: 'image/jpeg' });
    const mine = await api.app.request(
      `/api/membership/applications/${created.reference}/documents/photo?token=${encodeURIComponent(created.statusToken)}`,
    );
    expect(mine.status).toBe(200);
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await mine.arrayBuffer()).includes('secret-camera')).toBe(false);
    const stranger = await api.app.request(
      `/api/membership/applications/${created.reference}/documents/photo?token=not-the-right-token`,
    );
    expect(stranger.status).toBe(404);

    // The applicant reports a UPI payment; a wrong amount is refused with a message.
    const payUrl = `/api/membership/applications/${created.reference}/payments?token=${encodeURIComponent(created.statusToken)}`;
    const wrongAmount = await api.request('POST', payUrl, {
      body: { mode: 'upi', reference: '612345678901', amount: 100_000, paidOn: '2026-11-20' },
    });
    expect(wrongAmount.status).toBe(400);
    expect((await json(wrongAmount)).error?.fields?.amount).toBe('The amount due is Rs 1,125.90.');
    const paid = await api.request('POST', payUrl, {
      body: { mode: 'upi', reference: '612345678901', amount: 112_590, paidOn: '2026-11-20' },
    });
    expect(paid.status).toBe(201);
    const paymentId = (await json<{ id: number }>(paid)).data.id;
    const again = await api.request('POST', payUrl, {
      body: { mode: 'upi', reference: '612345678902', amount: 112_590, paidOn: '2026-11-20' },
    });
    expect(again.status).toBe(409);

    // Staff: the chapter admin sees it in its queue; another chapter's admin does not.
    const queue = await json<{ items: { id: number; reference: string; state: string }[]; total: number }>(
      await api.request('GET', `/api/admin/applications?q=${created.reference}`, { token: chapterAdmin.token }),
    );
    expect(queue.data.items).toHaveLength(1);
    expect(queue.data.items[0]).toMatchObject({ reference: created.reference, state: 'payment_reported' });
    const id = queue.data.items[0].id;
    expect((await api.request('GET', `/api/admin/applications/${id}`, { token: otherChapterAdmin.token })).status).toBe(
      404,
    );

    const move = (user: CreatedUser, to: string, note?: string) =>
      api.request('POST', `/api/admin/applications/${id}/transitions`, { token: user.token, body: { to, note } });
    expect((await move(chapterAdmin, 'under_scrutiny')).status).toBe(409);

    const verified = await api.request('POST', `/api/admin/payments/${paymentId}/verify`, {
      token: superAdmin.token,
      body: { note: 'UTR seen in the bank statement' },
    });
    expect(verified.status).toBe(200);
    const detail = await json<{
      state: string;
      payments: { id: number; state: string; receiptNumber: string | null }[];
      allowedTransitions: string[];
    }>(await api.request('GET', `/api/admin/applications/${id}`, { token: chapterAdmin.token }));
    expect(detail.data.state).toBe('payment_verified');
    expect(detail.data.payments[0]).toMatchObject({ id: paymentId, state: 'verified' });
    expect(detail.data.payments[0].receiptNumber).toMatch(/^NIPM\/RCPT\/2026-27\/\d{6}$/);
    expect(detail.data.allowedTransitions).toEqual(['under_scrutiny']);

    // The applicant downloads the receipt with the status token; its lines come from the stored quote.
    const receipt = await api.app.request(
      `/api/payments/${paymentId}/receipt.pdf?token=${encodeURIComponent(created.statusToken)}`,
    );
    expect(receipt.status).toBe(200);
    const receiptText = await pdfText(new Uint8Array(await receipt.arrayBuffer()));
    expect(receiptText).toContain(detail.data.payments[0].receiptNumber);
    expect(receiptText).toContain('Entrance fee (Associate)');
    expect(receiptText).toContain('Subscription 2026-27 (half year, October-March)');
    expect(receiptText).toContain('Coupon WELCOME10');

    expect((await move(chapterAdmin, 'under_scrutiny', 'Documents in order')).status).toBe(200);
    expect((await move(chapterAdmin, 'under_scrutiny')).status).toBe(409);
    expect((await move(chapterAdmin, 'recommended', 'Recommended by the chapter committee')).status).toBe(200);
    expect((await move(chapterAdmin, 'approved')).status).toBe(403);

    const approved = await move(admin, 'approved', 'National Council, 18 November');
    expect(approved.status).toBe(200);
    const memberNumber = (await json<{ memberNumber: string }>(approved)).data.memberNumber;
    expect(memberNumber).toBe('NIPM/KOL/00001');
    expect((await move(admin, 'approved')).status).toBe(409);

    const member = await db
      .selectFrom('members')
      .selectAll()
      .where('member_number', '=', memberNumber)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({
      membership_class: 'associate',
      chapter_id: chapter.id,
      paid_through_year: 2026,
      email: body.email,
    });
    const account = await db.selectFrom('users').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ role_id: 1, member_id: member.id });
    const audit = await db.selectFrom('audit_log').select('action').where('entity', '=', 'application').execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'application.submitted',
        'application.payment_reported',
        'application.transition',
        'application.approved',
      ]),
    );

    // The welcome e-mail carries the member number and a link to set the password.
    await api.settle();
    const welcome = api.outbox().find((m) => plain(m).includes(memberNumber)) as string;
    expect(welcome).toBeTruthy();
    const setToken = linkToken(welcome, '/auth/reset-password');
    const beforeReset = await api.request('POST', '/api/sessions', {
      body: { email: body.email, password: 'New-member-2026!' },
    });
    expect(beforeReset.status).toBe(401);
    const reset = await api.request('POST', '/api/password/reset', {
      body: { token: setToken, password: 'New-member-2026!' },
    });
    expect(reset.status).toBe(200);
    const session = await api.request('POST', '/api/sessions', {
      body: { email: body.email, password: 'New-member-2026!' },
    });
    expect(session.status).toBe(200);
    const token = (await json<{ token: string }>(session)).data.token;
    const me = await json<{ memberNumber: string }>(await api.request('GET', '/api/members/me', { token }));
    expect(me.data.memberNumber).toBe(memberNumber);
    const bell = await json<{ count: number }>(await api.request('GET', '/api/notifications/unread-count', { token }));
    expect(bell.data.count).toBe(1);
    const admitted = await database.db
      .selectFrom('notifications')
      .select('message')
      .where('message', 'like', 'You are admitted%')
      .executeTakeFirstOrThrow();
    expect(admitted.message).toMatch(/^You are admitted as an Associate member of the Kolkata Chapter\./);
    expect(admitted.message).not.toMatch(/chapter chapter/i);

    const final = await json<{ state: string; memberNumber: string; history: { to: string; note: string | null }[] }>(
      await api.request('GET', `/api/membership/status?token=${encodeURIComponent(created.statusToken)}`),
    );
    expect(final.data.state).toBe('approved');
    expect(final.data.memberNumber).toBe(memberNumber);
    expect(final.data.history.map((h) => h.to)).toEqual([
      'awaiting_payment',
      'payment_reported',
      'payment_verified',
      'under_scrutiny',
      'recommended',
      'approved',
    ]);
    // The history reads as people write, not as codes.
    expect(final.data.history.find((h) => h.to === 'payment_reported')?.note).toBe(
      'UPI payment reported, reference 612345678901',
    );
  });

  it('gives the coupon back when an application is rejected, and says why', async () => {
    const db = database.db;
    const body = applicationBody(chapter.id, ['P-0001', 'P-0002'], { coupon: 'WELCOME10' });
    const created = (await json<{ reference: string; statusToken: string }>(await submit(api, body))).data;
    const uses = async () =>
      (await db.selectFrom('coupons').select('uses').where('code', '=', 'WELCOME10').executeTakeFirstOrThrow()).uses;
    const before = await uses();
    const app = await db
      .selectFrom('applications')
      .select('id')
      .where('reference', '=', created.reference)
      .executeTakeFirstOrThrow();
    const noReason = await api.request('POST', `/api/admin/applications/${app.id}/transitions`, {
      token: admin.token,
      body: { to: 'rejected' },
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).error?.fields?.note).toBeTruthy();
    const rejected = await api.request('POST', `/api/admin/applications/${app.id}/transitions`, {
      token: admin.token,
      body: { to: 'rejected', note: 'The proposer did not confirm.' },
    });
    expect(rejected.status).toBe(200);
    expect(await uses()).toBe(before - 1);
    const status = await json<{ nextStep: string }>(
      await api.request('GET', `/api/membership/status?token=${encodeURIComponent(created.statusToken)}`),
    );
    expect(status.data.nextStep).toContain('The proposer did not confirm.');
    // Closed: the same e-mail may apply again.
    expect((await submit(api, { ...body, coupon: undefined })).status).toBe(201);
  });
});
