import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DB } from '../../src/server/platform/db';
import { nowIso } from '../../src/server/platform/db';
import type { FileStore } from '../../src/server/platform/storage/store';
import { ROLE } from '../../src/lib/roles';
import { createChapter, createMember, createUser } from '../support/fixtures';
import { createEdition } from '../support/natcon';
import { applicationRow } from './joining-support';

/** The identifying values of one seeded person: what erasure must remove and export must hold. */
export interface SeededPerson {
  tag: string;
  email: string;
  phone: string;
  name: string;
  address: string;
  memberId: number;
  userId: number;
  password: string;
  /** API token of the member's account. */
  token: string;
  applicationId: number;
  orderId: number;
  paymentId: number;
  documentKey: string;
  outboxFile: string;
}

let serial = 0;

/**
 * A member with an account and a bit of everything the site keeps about a person: the approved
 * application with a document, a verified renewal with its receipt, a notice, a sign-in, a consent,
 * a NATCON order with a delegate and a nomination, and an e-mail in the outbox. `tag` keeps two
 * people's values similar but distinct (same surname and city; different addresses, phones, e-mails).
 */
export async function seedPerson(db: DB, store: FileStore, outboxDir: string, tag: string): Promise<SeededPerson> {
  const n = ++serial;
  const at = nowIso();
  const email = `asha.${tag}.${Date.now().toString(36)}${n}@example.test`;
  const phone = `98300${String(10000 + n * 7919).slice(-5)}`;
  const firstName = `Asha${tag}`;
  const lastName = 'Rao';
  const address = `${n}7 Lake Road ${tag}`;
  const chapter = await createChapter(db);
  const member = await createMember(db, chapter.id, { firstName, lastName, email });
  await db
    .updateTable('members')
    .set({ phone, address, city: 'Kolkata', pincode: '700029' })
    .where('id', '=', member.id)
    .execute();
  const user = await createUser(db, {
    roleId: ROLE.member,
    email,
    name: `${firstName} ${lastName}`,
    memberId: member.id,
  });

  const application = await db
    .insertInto('applications')
    .values({
      ...applicationRow(chapter.id, { state: 'approved', email }),
      first_name: firstName,
      last_name: lastName,
      phone,
      address,
      member_id: member.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const documentKey = await store.put(new TextEncoder().encode(`certificate of ${firstName} ${lastName}`));
  await db
    .insertInto('application_documents')
    .values({
      application_id: application.id,
      kind: 'certificate',
      storage_key: documentKey,
      content_type: 'application/pdf',
      filename: 'certificate.pdf',
      size: 40,
      uploaded_at: at,
    })
    .execute();

  const receipt = { number: `R-${tag}-${n}`, payer: { name: `${firstName} ${lastName}`, email } };
  const payment = await db
    .insertInto('payments')
    .values({
      purpose: 'membership_renewal',
      subject_id: member.id,
      payer_name: `${firstName} ${lastName}`,
      payer_email: email,
      mode: 'upi',
      reference: `UTR${tag}${n}`,
      amount: 150_000,
      paid_on: '2026-11-01',
      state: 'verified',
      reported_at: at,
      receipt_number: receipt.number,
      receipt_financial_year: '2026-27',
      receipt: JSON.stringify(receipt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const notice = await db
    .insertInto('notifications')
    .values({
      title: 'Renewal',
      message: 'Renew now',
      link: null,
      audience_type: 'member',
      audience_id: email,
      sender_user_id: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('notification_recipients')
    .values({ notification_id: notice.id, user_id: user.id, read_at: null, created_at: at })
    .execute();
  await db
    .insertInto('audit_log')
    .values({
      at,
      actor_user_id: user.id,
      action: 'auth.sign_in',
      entity: 'user',
      entity_id: String(user.id),
      ip: '203.0.113.9',
      detail: JSON.stringify({ email }),
    })
    .execute();
  await db
    .insertInto('consents')
    .values({
      email,
      user_id: user.id,
      member_id: member.id,
      purpose: 'newsletter',
      notice_version: 1,
      given_at: at,
      ip: '203.0.113.9',
      method: 'portal',
    })
    .execute();

  const { edition, categories, awards } = await createEdition(db, {
    awards: [{ name: 'HR Leader', nomineeKind: 'person' }],
  });
  const order = await db
    .insertInto('natcon_orders')
    .values({
      edition_id: edition.id,
      order_number: `NC-${tag}-${n}`,
      status_token_hash: `${n}`.padStart(64, 'a'),
      state: 'confirmed',
      payment_state: 'unpaid',
      contact_name: `${firstName} ${lastName}`,
      contact_email: email,
      contact_phone: phone,
      organisation: null,
      gstin: null,
      delegate_count: 1,
      subtotal: 1_500_000,
      amount_due: 1_500_000,
      priced_on: '2026-11-01',
      note: null,
      created_at: at,
      updated_at: at,
      cancelled_at: null,
      cancelled_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('natcon_delegates')
    .values({
      order_id: order.id,
      category_id: categories[0]!.id,
      position: 1,
      confirmation_number: `NC-${tag}-${n}-1`,
      name: `${firstName} ${lastName}`,
      email,
      phone,
      designation: 'HR Manager',
      member_id: member.id,
      chapter_id: chapter.id,
      price: 1_500_000,
      student_id_key: null,
      student_id_type: null,
      checked_in_at: null,
      checked_in_by: null,
      ticket_sent_at: null,
    })
    .execute();
  await db
    .insertInto('natcon_nominations')
    .values({
      edition_id: edition.id,
      award_category_id: awards[0]!.id,
      reference: `NOM-${tag}-${n}`,
      nominee_kind: 'person',
      nominee_name: 'Someone Else',
      nominee_organisation: null,
      nominee_email: null,
      nominator_name: `${firstName} ${lastName}`,
      nominator_email: email,
      write_up: 'A leader in people practice.',
      order_id: null,
      file_key: null,
      file_name: null,
      file_size: null,
      state: 'received',
      review_note: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: at,
    })
    .execute();

  await mkdir(outboxDir, { recursive: true });
  const outboxFile = path.join(outboxDir, `mail-${tag}-${n}.eml`);
  await writeFile(outboxFile, `To: ${email}\nSubject: Your renewal\n\nDear ${firstName} ${lastName}, ...\n`);

  return {
    tag,
    email,
    phone,
    name: `${firstName} ${lastName}`,
    address,
    memberId: member.id,
    userId: user.id,
    password: user.password,
    token: user.token,
    applicationId: application.id,
    orderId: order.id,
    paymentId: payment.id,
    documentKey,
    outboxFile,
  };
}
