import { describe, expect, it } from 'vitest';
import type { Mailer } from '../../platform/mail/mailer';
import { sendCancellationMail, type CancelOutcome } from './cancellations';

const OUTCOME: CancelOutcome = {
  orderId: 7,
  orderNumber: 'N27-000007',
  editionTitle: 'NATCON 2027',
  contact: { name: 'Ravi Menon', email: 'ravi@example.test' },
  paid: 11_800_00,
  kept: 1_180_00,
  refund: 10_620_00,
  offers: [],
};

/** The one e-mail a cancellation sends, as the buyer reads it. */
async function mailOf(outcome: CancelOutcome, released = false) {
  const sent: { to: string; subject: string; text: string }[] = [];
  const mailer = { send: async (message: (typeof sent)[number]) => void sent.push(message) } as unknown as Mailer;
  await sendCancellationMail(mailer, outcome, released);
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

describe('the cancellation e-mail', () => {
  it('tells the buyer what is refunded and what the terms keep', async () => {
    expect(await mailOf(OUTCOME)).toEqual({
      to: 'ravi@example.test',
      subject: 'NATCON 2027: order N27-000007 cancelled',
      text: [
        'Dear Ravi Menon,',
        '',
        'Order N27-000007 is cancelled and its seats given back.',
        'We will refund Rs 10,620.00 (Rs 1,180.00 is kept under the cancellation terms) and write to you when it is sent.',
      ].join('\n'),
    });
  });

  it('says nothing of terms when all is refunded, that all is kept when the terms keep it, and when nothing was paid', async () => {
    const lastLine = async (outcome: CancelOutcome) => (await mailOf(outcome)).text.split('\n').at(-1);
    expect(await lastLine({ ...OUTCOME, kept: 0, refund: 11_800_00 })).toBe(
      'We will refund Rs 11,800.00 and write to you when it is sent.',
    );
    expect(await lastLine({ ...OUTCOME, kept: 11_800_00, refund: 0 })).toBe(
      'Under the cancellation terms the Rs 11,800.00 paid is kept.',
    );
    expect(await lastLine({ ...OUTCOME, paid: 0, kept: 0, refund: 0 })).toBe(
      'Nothing was paid, so nothing is refunded.',
    );
  });

  it('tells the buyer of an order released unpaid how to attend, and nothing of money', async () => {
    expect(await mailOf({ ...OUTCOME, paid: 0, kept: 0, refund: 0 }, true)).toEqual({
      to: 'ravi@example.test',
      subject: 'NATCON 2027: order N27-000007 released',
      text: [
        'Dear Ravi Menon,',
        '',
        'Order N27-000007 was not paid by the end of its hold, so its seats have been released to the waiting list. To attend, register again while seats are free.',
      ].join('\n'),
    });
  });
});
