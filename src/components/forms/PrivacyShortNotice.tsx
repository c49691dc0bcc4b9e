import { CURRENT_NOTICE_VERSION } from '../../lib/schemas/privacy';

interface Props {
  /** What this form's data is used for, finishing "We use what you give here to …". */
  use: string;
}

/**
 * The short notice every form that collects personal data shows above its submit button (issue
 * 26): what the data is for, and a link to the full notice. The link opens a new tab so that what
 * the person typed stays in the form.
 */
export function PrivacyShortNotice({ use }: Props) {
  return (
    <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-privacy-notice>
      We use what you give here to {use}. The{' '}
      <a
        href="/privacy"
        target="_blank"
        rel="noopener"
        className="font-semibold text-brand-700 underline underline-offset-2"
      >
        privacy notice (version {CURRENT_NOTICE_VERSION}, opens in a new tab)
      </a>{' '}
      says what we keep, for how long, and how to see, correct or erase it.
    </p>
  );
}
