import { describe, expect, it } from 'vitest';
import type { Mailer } from '../../platform/mail/mailer';
import { holdDeadline } from '../../../lib/natcon';
import { sendOfferMail, type Offer } from './offers';

const OFFER: Offer = {
  orderId: 9,
  orderNumber: 'N27-000009',
  statusToken: 'tok/en+1',
  holdUntil: '2027-01-10T12:30:00.000Z',
  contact: { name: 'Chandan Das', email: 'chandan@example.test' },
  edition: 'NATCON 2027',
};

async function mailOf(offer: Offer) {
  const sent: { to: string; subject: string; text: string }[] = [];
  const mailer = { send: async (message: (typeof sent)[number]) => void sent.push(message) } as unknown as Mailer;
  await sendOfferMail(mailer, offer, 'https://nipm.example');
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

/** The e-mail to the buyer whose waiting order has been given seats, read whole. */
describe('the offer e-mail', () => {
  it('gives an order with an amount due its deadline and its new private link', async () => {
    expect(await mailOf(OFFER)).toEqual({
      to: 'chandan@example.test',
      subject: 'NATCON 2027: seats for order N27-000009 are free',
      text: [
        'Dear Chandan Das,',
        '',
        `Seats have become free for order N27-000009, which was on the waiting list. They are held for you until ${holdDeadline(OFFER.holdUntil)}: pay by then on the link below and each delegate receives a ticket once the payment is verified. Unpaid by then, the seats are offered to the next on the waiting list.`,
        '',
        'Your order and its payment (this link replaces the earlier one; keep it private): https://nipm.example/natcon/register?order=N27-000009&token=tok%2Fen%2B1',
      ].join('\n'),
    });
  });

  it('tells the buyer of a free order that nothing is due', async () => {
    const { text } = await mailOf({ ...OFFER, holdUntil: '' });
    expect(text.split('\n')[2]).toBe(
      'Seats have become free for order N27-000009, which was on the waiting list. Nothing is due: each delegate receives a ticket by e-mail.',
    );
  });
});
