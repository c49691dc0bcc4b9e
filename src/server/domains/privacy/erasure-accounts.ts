import type { DB } from '../../platform/db';
import type { PersonKeys } from './export-manifest';

/**
 * The accounting records behind an erased person's payments stay (CGST Rules, rule 46 and the
 * books of account): the payment keeps the payer's name and amounts, the tax invoice stays whole.
 * What is not needed to account for the money goes: the payer's e-mail on the payment and its
 * receipt, the return address of an online payment (it may hold a status link's secret), and the
 * person's e-mail address and phone number where a bank statement line's narration repeats them
 * (a UPI handle is often the phone number).
 */
export async function erasePayerContacts(trx: DB, keys: PersonKeys, texts: string[]): Promise<void> {
  const subjects: [string, number[]][] = [
    ['membership_application', keys.applicationIds],
    ['membership_renewal', keys.memberIds],
    ['natcon_order', keys.orderIds],
  ];
  const paymentIds: number[] = [];
  for (const [purpose, ids] of subjects) {
    if (!ids.length) continue;
    const payments = await trx
      .selectFrom('payments')
      .select(['id', 'receipt'])
      .where('purpose', '=', purpose)
      .where('subject_id', 'in', ids)
      .execute();
    for (const payment of payments) {
      paymentIds.push(payment.id);
      let receipt = payment.receipt;
      if (receipt) {
        const content = JSON.parse(receipt) as { payer?: { email?: string } };
        if (content.payer) content.payer.email = '';
        receipt = JSON.stringify(content);
      }
      await trx.updateTable('payments').set({ payer_email: '', receipt }).where('id', '=', payment.id).execute();
    }
  }
  if (!paymentIds.length) return;
  await trx.updateTable('gateway_orders').set({ return_path: '/' }).where('payment_id', 'in', paymentIds).execute();
  // Names stay in the narration as on the payment; addresses and numbers are contact details.
  const contacts = texts.filter((t) => t.includes('@') || /^\+?\d[\d\s-]{5,}$/.test(t));
  if (!contacts.length) return;
  const lines = await trx
    .selectFrom('bank_statement_lines')
    .select(['id', 'narration'])
    .where('payment_id', 'in', paymentIds)
    .execute();
  for (const line of lines) {
    let narration = line.narration;
    for (const contact of contacts) narration = narration.split(contact).join('[erased]');
    if (narration !== line.narration)
      await trx.updateTable('bank_statement_lines').set({ narration }).where('id', '=', line.id).execute();
  }
}
