import { useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';
import { formatMoney } from '../../lib/format';
import type { PaymentOptions as Options } from '../../lib/schemas/money';
import { upiPayLink } from '../../lib/upi';
import { api, apiErrorOf } from '../../stores/api-client';
import { OnlinePayment, PaymentPolicies, type OnlinePaymentTarget } from './OnlinePayment';

export interface PaymentOptionsProps {
  /** What to pay, paise. */
  amount: number;
  /** What the payment is for (application or order number): the UPI note and the transfer's remark. */
  reference: string;
  /** A heading level that fits the page the options sit on. */
  headingLevel?: 2 | 3;
  /** What to pay online, when the site has a gateway: the purpose and its subject. */
  online?: OnlinePaymentTarget;
}

const card = 'rounded-lg border border-slate-200 p-4';

/**
 * The three ways to pay the institute, for the joining, renewal and NATCON pay screens: UPI (a QR code
 * any UPI app scans, and on a phone a `upi://pay` link that opens the app with the amount filled in),
 * bank transfer with the account details, and demand draft or cheque. Read from the public settings.
 */
export default function PaymentOptions({ amount, reference, headingLevel = 2, online }: PaymentOptionsProps) {
  const [options, setOptions] = useState<Options | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const Heading = `h${headingLevel}` as 'h2';
  const Sub = `h${headingLevel + 1}` as 'h3';

  useEffect(() => {
    api
      .get<Options>('/payment-options')
      .then(setOptions)
      .catch(async (failure) => setError((await apiErrorOf(failure)).message));
  }, []);

  const link = options
    ? upiPayLink({ vpa: options.upi.vpa, payeeName: options.upi.payeeName, amount, note: reference })
    : null;

  useEffect(() => {
    if (!link) return;
    let current = true;
    // Error correction M and a 4-module margin: scans from a printed page or a second phone's screen.
    void toDataURL(link, { errorCorrectionLevel: 'M', margin: 4, width: 240 }).then((url) => current && setQr(url));
    return () => {
      current = false;
    };
  }, [link]);

  if (error) {
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
        The payment details could not be loaded: {error}
      </p>
    );
  }
  if (!options || !link) return <p role="status">Loading the payment details…</p>;

  return (
    <section aria-labelledby="payment-options-heading" className="space-y-4">
      <Heading id="payment-options-heading" className="text-xl font-semibold text-slate-900">
        Pay {formatMoney(amount)}
      </Heading>
      {options.sample && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
          These payment details are samples until the institute enters its own. Do not pay into them.
        </p>
      )}
      <PaymentPolicies />
      {online && <OnlinePayment target={online} amount={amount} />}
      <p className="text-slate-700">
        {online ? 'Or pay' : 'Pay'} by UPI, bank transfer or draft: quote <strong>{reference}</strong> with your
        payment, then report it below with the transaction reference.
      </p>

      <div className={card}>
        <Sub className="font-semibold">UPI</Sub>
        <div className="mt-2 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          {qr && (
            <img
              src={qr}
              width={240}
              height={240}
              alt={`UPI QR code to pay ${formatMoney(amount)} to ${options.upi.vpa}`}
              className="h-48 w-48 rounded border border-slate-200 sm:h-60 sm:w-60"
            />
          )}
          <div className="space-y-2">
            <p>
              UPI address: <strong className="break-all">{options.upi.vpa}</strong>
              <br />
              Payee: {options.upi.payeeName}
            </p>
            <a
              href={link}
              className="inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Pay with a UPI app
            </a>
            <p className="text-sm text-slate-600">On a computer, scan the code with your phone’s UPI app.</p>
          </div>
        </div>
      </div>

      <div className={card}>
        <Sub className="font-semibold">Bank transfer (NEFT, RTGS or IMPS)</Sub>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Account name</dt>
          <dd>{options.bank.accountName}</dd>
          <dt className="text-slate-600">Account number</dt>
          <dd className="font-mono">{options.bank.accountNumber}</dd>
          <dt className="text-slate-600">IFSC</dt>
          <dd className="font-mono">{options.bank.ifsc}</dd>
          <dt className="text-slate-600">Bank and branch</dt>
          <dd>
            {options.bank.bankName}, {options.bank.branch}
          </dd>
        </dl>
        <p className="mt-2 text-sm text-slate-600">Write {reference} in the transfer’s remarks.</p>
      </div>

      <div className={card}>
        <Sub className="font-semibold">Demand draft or cheque</Sub>
        <p className="mt-2">
          Draw it in favour of <strong>{options.bank.accountName}</strong>, write {reference} and your name on the back,
          and send it to {options.institute.name}, {options.institute.address}.
        </p>
      </div>
    </section>
  );
}
