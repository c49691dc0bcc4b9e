import type { z } from 'zod';
import { formatDate, formatMoney } from '../../lib/format';
import { stateWithCode } from '../../lib/gst-states';
import type { PaymentCreditNoteSchema, PaymentInvoiceSchema } from '../../lib/schemas/gst';
import { CsvDownloadButton } from '../staff';

type Invoice = z.infer<typeof PaymentInvoiceSchema>;
type CreditNote = z.infer<typeof PaymentCreditNoteSchema>;

/**
 * A payment's tax invoice and the credit notes against it, on the staff payment page: the invoice's
 * figures and its PDF, and each credit note's PDF (fetched with the staff's token: a plain link cannot carry it).
 */
export function PaymentTaxDocuments({ invoice, creditNotes }: { invoice: Invoice | null; creditNotes: CreditNote[] }) {
  if (!invoice) return null;
  const tax = invoice.igst
    ? `IGST ${formatMoney(invoice.igst)}`
    : `CGST ${formatMoney(invoice.cgst)}, SGST ${formatMoney(invoice.sgst)}`;
  return (
    <section aria-labelledby="tax-invoice" className="space-y-2">
      <h2 id="tax-invoice" className="text-lg font-semibold">
        Tax invoice
      </h2>
      <p data-testid="tax-invoice">
        <span className="font-mono">{invoice.number}</span> of {formatDate(invoice.issuedOn)}: taxable{' '}
        {formatMoney(invoice.taxableValue)}, {tax}, total {formatMoney(invoice.total)}; place of supply{' '}
        {stateWithCode(invoice.placeOfSupply)}
        {invoice.buyerGstin ? `; buyer GSTIN ${invoice.buyerGstin}` : '; unregistered buyer'}.
      </p>
      <TaxDocumentPdfButton
        kind="invoice"
        id={invoice.id}
        number={invoice.number}
        label="Download the tax invoice (PDF)"
      />
      {creditNotes.length > 0 && (
        <ul className="text-sm">
          {creditNotes.map((note) => (
            <li key={note.id} data-testid="credit-note" className="space-y-1">
              <span className="block">
                Credit note <span className="font-mono">{note.number}</span> of {formatDate(note.issuedOn)}:{' '}
                {formatMoney(note.total)} ({note.reason})
              </span>
              <TaxDocumentPdfButton kind="credit-note" id={note.id} number={note.number} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The download of a tax invoice's or credit note's PDF with the signed-in user's token. */
export function TaxDocumentPdfButton({
  kind,
  id,
  number,
  label,
}: {
  kind: 'invoice' | 'credit-note';
  id: number;
  number: string;
  label?: string;
}) {
  return (
    <CsvDownloadButton
      path={`/${kind}s/${id}.pdf`}
      params={{}}
      filename={`${kind}-${number.replace(/\//g, '-')}.pdf`}
      label={label ?? `PDF of ${number}`}
      busyLabel="Preparing PDF…"
    />
  );
}
