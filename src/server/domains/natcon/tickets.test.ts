import { describe, expect, it } from 'vitest';
import { readPdfPage } from '../../../../tests/support/pdf-content';
import { ticketPdf, type TicketData } from './tickets';

const TICKET: TicketData = {
  confirmationNumber: 'N27-000042-01',
  name: 'Meera Iyer',
  designation: 'Head of HR',
  organisation: 'Hooghly Jute Mills Ltd',
  category: 'NIPM member',
  edition: {
    title: 'NATCON 2027',
    theme: 'People, purpose and performance',
    startsOn: '2027-02-12',
    endsOn: '2027-02-14',
    venue: 'Biswa Bangla Convention Centre',
    city: 'Kolkata',
  },
  paymentState: 'verified',
};

const at = (text: string, y: number, size: number, bold = false) => ({ text, x: 20, y, size, bold });

/** The A6 ticket as the delegate prints it, read back with pdf.js: each line in its place, size and weight. */
describe('the NATCON ticket PDF', () => {
  it('prints the conference, the delegate, the category, the payment and the confirmation number', async () => {
    const page = await readPdfPage(await ticketPdf(TICKET));
    expect(page).toMatchObject({ title: 'NATCON 2027 ticket N27-000042-01', width: 298, height: 420 });
    expect(page.texts).toEqual([
      at('National Institute of Personnel Management', 390, 9),
      at('NATCON 2027', 375, 18, true),
      at('People, purpose and performance', 351, 9),
      at('2027-02-12 to 2027-02-14', 336, 9),
      at('Biswa Bangla Convention Centre, Kolkata', 321, 9),
      at('Meera Iyer', 298, 15, true),
      at('Head of HR', 277, 10),
      at('Hooghly Jute Mills Ltd', 261, 10),
      at('Category: NIPM member', 245, 10),
      at('Payment: Paid', 229, 10),
      at('N27-000042-01', 22, 12, true),
    ]);
  });

  it('closes up the lines a delegate has no designation or organisation for, and shows other letters as ?', async () => {
    const page = await readPdfPage(
      await ticketPdf({
        ...TICKET,
        name: 'Aśha ‘Rāy’ “Sen”',
        designation: null,
        organisation: null,
        paymentState: 'not_due',
      }),
    );
    expect(page.texts.map((t) => [t.text, t.y])).toEqual([
      ['National Institute of Personnel Management', 390],
      ['NATCON 2027', 375],
      ['People, purpose and performance', 351],
      ['2027-02-12 to 2027-02-14', 336],
      ['Biswa Bangla Convention Centre, Kolkata', 321],
      [`A?ha 'R?y' "Sen"`, 298],
      ['Category: NIPM member', 277],
      ['Payment: Nothing to pay', 261],
      ['N27-000042-01', 22],
    ]);
  });
});
