import { describe, expect, it } from 'vitest';
import {
  creditLines,
  findColumns,
  mappingProblems,
  previewStatement,
  referenceKey,
  rupeesToPaise,
  statementDate,
  type StatementRow,
} from './parse';

/** Rows numbered from 1, as the upload reads them. */
const rows = (...lines: string[][]): StatementRow[] => lines.map((cells, i) => ({ number: i + 1, cells }));

const HDFC = rows(
  ['HDFC BANK Ltd.', '', '', '', '', '', ''],
  ['Account No : 50100123456789', '', '', '', '', '', ''],
  ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
  ['01/11/26', 'UPI-RAVI KUMAR-NIPM-M-00042', '000123456789', '01/11/26', '', '1,500.00', '11,500.00'],
  ['02/11/26', 'NEFT DR-ELECTRICITY', '000123456790', '02/11/26', '2,000.00', '', '9,500.00'],
  ['03/11/26', '  IMPS  NIPM-N-00007  ', '', '03/11/26', '', '2,360', '11,860.00'],
  ['', 'Opening Balance', '', '', '', '0.00', ''],
  ['04/11/26', '', '', '', '', '500.00', ''],
);

describe('reading a bank statement', () => {
  it('finds the header under the account details and reads only the credit lines, in paise', () => {
    expect(findColumns(HDFC)).toEqual({
      header: 3,
      at: { date: 0, narration: 1, reference: 2, debit: 4, credit: 5, balance: 6 },
    });
    expect(creditLines(HDFC)).toEqual([
      {
        lineNumber: 4,
        valueDate: '2026-11-01',
        narration: 'UPI-RAVI KUMAR-NIPM-M-00042',
        bankReference: '000123456789',
        credit: 150000,
      },
      { lineNumber: 6, valueDate: '2026-11-03', narration: 'IMPS NIPM-N-00007', bankReference: null, credit: 236000 },
    ]);
  });

  it('finds no columns without a narration and a credit header in the first 30 rows', () => {
    expect(findColumns(rows(['Date', 'Narration', 'Debit']))).toBeNull();
    expect(findColumns(rows(['Date', 'Credit', 'Debit']))).toBeNull();
    expect(creditLines(rows(['Date', 'Credit']))).toBeNull();
    const late = [...Array.from({ length: 30 }, () => ['x']), ['Narration', 'Credit']];
    expect(findColumns(rows(...late))).toBeNull();
    const justInTime = [...Array.from({ length: 29 }, () => ['x']), ['Narration', 'Credit']];
    expect(findColumns(rows(...justInTime))).toEqual({ header: 30, at: { narration: 0, credit: 1 } });
  });

  it.each([
    [
      'date',
      [
        'Value Date',
        'ValueDate',
        'Txn Date',
        'TxnDate',
        'Transaction Date',
        'TransactionDate',
        'Tran Date',
        'TranDate',
        'DATE',
        'value  date',
      ],
    ],
    [
      'narration',
      ['Narration', 'PARTICULARS', 'Description', 'Transaction Details', 'TransactionDetails', 'Remarks', 'Details'],
    ],
    [
      'reference',
      [
        'Chq./Ref.No.',
        'Chq / Ref No',
        'ChqRefNo',
        'Ref No.',
        'Reference',
        'Reference Number',
        'Ref',
        'Ref No',
        'Cheque No.',
        'Cheque No',
        'ChequeNo',
        'Cheque Number',
        'Chq No',
        'ChqNo',
        'UTR',
        'UTR No.',
        'UTR No',
        'UTRNo',
      ],
    ],
    [
      'debit',
      [
        'Debit',
        'Debits',
        'Withdrawal',
        'Withdrawals',
        'Debit Amount',
        'DebitAmount',
        'Dr Amount',
        'DrAmount',
        'Withdrawal Amt.',
        'Withdrawal Amt',
        'WithdrawalAmt',
        'Debit (INR)',
        'Debit(INR)',
        'Withdrawal Amount',
        'WithdrawalAmount',
      ],
    ],
    [
      'balance',
      [
        'Balance',
        'Closing Balance',
        'ClosingBalance',
        'Running Balance',
        'RunningBalance',
        'Balance (INR)',
        'Balance(INR)',
        'Balance Amount',
        'BalanceAmount',
      ],
    ],
  ] as const)('recognises each way banks word the %s column', (key, headers) => {
    for (const header of headers) {
      expect(findColumns(rows([key === 'narration' ? 'Debit' : 'Narration', 'Credit', header]))?.at[key], header).toBe(
        2,
      );
    }
  });

  it('recognises each way banks word the credit column', () => {
    for (const header of [
      'Credit',
      'Deposit',
      'Deposits',
      'Credit Amount',
      'CreditAmount',
      'Cr Amount',
      'CrAmount',
      'Deposit Amt.',
      'Deposit Amt',
      'DepositAmt',
      'Credit (INR)',
      'Credit(INR)',
      'Deposit Amount',
      'DepositAmount',
    ]) {
      expect(findColumns(rows(['Narration', header]))?.at.credit, header).toBe(1);
    }
  });

  it.each([
    ['date', ['Dated', 'Value Date 2', 'Date of entry', 'Last Update']],
    ['narration', ['Narrations', 'Transaction Detail list', 'Card Details']],
    ['reference', ['Refund', 'Ref No. 2', 'UTR Number', 'Preference']],
    ['debit', ['Debit Note', 'Withdrawal Amount due', 'Auto Debit']],
    ['balance', ['Balance due', 'Opening Balance']],
  ] as const)('does not take a header that only contains a %s word', (key, headers) => {
    for (const header of headers) {
      expect(
        findColumns(rows([key === 'narration' ? 'Debit' : 'Narration', 'Credit', header]))?.at[key],
        header,
      ).toBeUndefined();
    }
  });

  it('does not take a header that only contains a credit word', () => {
    for (const header of ['Tax Credit', 'Credit Card No', 'Deposits held']) {
      expect(findColumns(rows(['Narration', header])), header).toBeNull();
    }
  });

  it('takes columns named by staff (by their unique names, any case and spacing), guessing the rest', () => {
    const statement = rows(
      ['Bank of Somewhere'],
      ['When', 'Amount', 'Amount', 'What', 'Reference'],
      ['25-Nov-2026', '', '1500', 'UPI NIPM-M-00042', 'R1'],
    );
    expect(findColumns(statement)).toBeNull();
    const names = { date: 'When', narration: ' what ', credit: 'AMOUNT (2)' };
    expect(findColumns(statement, names)).toEqual({
      header: 2,
      at: { date: 0, narration: 3, reference: 4, credit: 2 },
    });
    expect(creditLines(statement, names)).toEqual([
      { lineNumber: 3, valueDate: '2026-11-25', narration: 'UPI NIPM-M-00042', bankReference: 'R1', credit: 150000 },
    ]);
    expect(findColumns(statement, { ...names, headerRow: 1 })).toBeNull();
    expect(findColumns(statement, { ...names, headerRow: 2 })?.header).toBe(2);
    expect(findColumns(statement, { narration: 'What', credit: 'Missing' })).toBeNull();
  });

  it('reads no line above the header', () => {
    const statement = rows(['Opening credit', '1000'], ['Narration', 'Credit'], ['UPI', '5']);
    expect(creditLines(statement)).toEqual([
      { lineNumber: 3, valueDate: null, narration: 'UPI', bankReference: null, credit: 500 },
    ]);
  });

  it('starts at the header staff chose even when an earlier row looks like one', () => {
    const statement = rows(['Narration', 'Credit'], ['Narration', 'Credit'], ['UPI', '100']);
    expect(findColumns(statement, { headerRow: 2 })?.header).toBe(2);
    expect(creditLines(statement, { headerRow: 2 })).toEqual([
      { lineNumber: 3, valueDate: null, narration: 'UPI', bankReference: null, credit: 10000 },
    ]);
  });

  it('reads short rows as empty cells', () => {
    const statement = rows(
      ['Date', 'Narration', 'Ref', 'Credit'],
      ['01/11/2026', 'UPI'],
      ['01/11/2026', 'UPI', '', '5'],
    );
    expect(creditLines(statement)).toEqual([
      { lineNumber: 3, valueDate: '2026-11-01', narration: 'UPI', bankReference: null, credit: 500 },
    ]);
    const creditBeforeNarration = rows(['Credit', 'Narration'], ['500'], ['700', 'NEFT']);
    expect(creditLines(creditBeforeNarration)).toEqual([
      { lineNumber: 3, valueDate: null, narration: 'NEFT', bankReference: null, credit: 70000 },
    ]);
    const noReferenceCell = rows(['Narration', 'Credit', 'Ref'], ['UPI', '5']);
    expect(creditLines(noReferenceCell)).toEqual([
      { lineNumber: 2, valueDate: null, narration: 'UPI', bankReference: null, credit: 500 },
    ]);
    const noDateCell = rows(['Narration', 'Credit', 'Date'], ['UPI', '5']);
    expect(creditLines(noDateCell)).toEqual([
      { lineNumber: 2, valueDate: null, narration: 'UPI', bankReference: null, credit: 500 },
    ]);
  });
});

describe('previewing a statement', () => {
  it('shows the header found, each column guess and the first three lines under it', () => {
    const preview = previewStatement(HDFC);
    expect(preview.headerRow).toBe(3);
    expect(preview.columns).toEqual(HDFC[2].cells);
    expect(preview.guess).toEqual({
      date: 'Date',
      narration: 'Narration',
      reference: 'Chq./Ref.No.',
      debit: 'Withdrawal Amt.',
      credit: 'Deposit Amt.',
      balance: 'Closing Balance',
    });
    expect(preview.sample).toEqual([
      HDFC[3].cells,
      HDFC[4].cells,
      ['03/11/26', 'IMPS NIPM-N-00007', '', '03/11/26', '', '2,360', '11,860.00'],
    ]);
  });

  it('offers the wordiest row as the header when none is recognised, with unique names', () => {
    const statement = rows(
      ['Statement 2026', '123456'],
      ['When', 'Amount', 'Amount', 'What'],
      ['Account 1234567', 'Branch'],
      ['25/11/2026', '', '1500', 'UPI NIPM'],
      ['26/11/2026', '20', '', 'Fee'],
    );
    const preview = previewStatement(statement);
    expect(preview.headerRow).toBe(2);
    expect(preview.columns).toEqual(['When', 'Amount', 'Amount (2)', 'What']);
    expect(preview.guess).toEqual({
      date: null,
      narration: null,
      reference: null,
      debit: null,
      credit: null,
      balance: null,
    });
    expect(preview.sample).toEqual([
      ['Account 1234567', 'Branch', '', ''],
      ['25/11/2026', '', '1500', 'UPI NIPM'],
      ['26/11/2026', '20', '', 'Fee'],
    ]);
  });

  it('shows the header found even when a row above it has more words', () => {
    const statement = rows(['Statement of account', 'Ravi', 'Kumar', 'Kolkata', 'Branch'], ['Narration', 'Credit']);
    expect(previewStatement(statement).headerRow).toBe(2);
  });

  it('counts as words only cells with letters and without long numbers', () => {
    const statement = rows(
      ['1', '2', '3', '4', '5'],
      ['Col 1', 'Col 2', 'Col 3'],
      ['Name', 'City'],
      ['Account 1234567', 'x'],
    );
    expect(previewStatement(statement).headerRow).toBe(2);
  });

  it('keeps the first of equally wordy rows, and looks only at the first 30', () => {
    const statement = rows(['Alpha', 'Beta'], ['Gamma', 'Delta'], ['1', '2']);
    expect(previewStatement(statement).headerRow).toBe(1);
    const late = rows(...Array.from({ length: 30 }, () => ['1']), ['Much', 'More', 'Words']);
    expect(previewStatement(late).headerRow).toBe(1);
  });

  it('shows nothing for an empty file', () => {
    expect(previewStatement([])).toEqual({
      headerRow: null,
      columns: [],
      guess: { date: null, narration: null, reference: null, debit: null, credit: null, balance: null },
      sample: [],
    });
  });
});

describe('mapping problems', () => {
  it('names a column chosen for two roles, whatever its case and spacing', () => {
    expect(mappingProblems({ narration: 'Details', credit: 'Amount', reference: ' details ' })).toEqual({
      reference: '" details " is already read as the narration column.',
    });
    expect(mappingProblems({ narration: 'Details', credit: 'Amount', date: '  ' })).toEqual({});
    // Columns are told apart lower-cased, as findColumns reads them: these are two columns.
    expect(mappingProblems({ narration: 'Strasse', credit: 'Straße' })).toEqual({});
    expect(mappingProblems({})).toEqual({});
  });
});

describe('amounts and dates', () => {
  it('reads rupees with commas, the ₹ sign, spaces and a Cr or Dr suffix as paise', () => {
    expect(rupeesToPaise('1,50,000.00')).toBe(15000000);
    expect(rupeesToPaise('₹ 1,500')).toBe(150000);
    expect(rupeesToPaise('1500.5')).toBe(150050);
    expect(rupeesToPaise('1500.05')).toBe(150005);
    expect(rupeesToPaise('2,360.00 Cr')).toBe(236000);
    expect(rupeesToPaise('100dr')).toBe(10000);
    expect(rupeesToPaise('0')).toBe(0);
  });

  it('reads an empty, negative, three-decimal or wordy amount as nothing', () => {
    for (const value of [
      '',
      '-100',
      '10.005',
      '10.',
      '.5',
      'abc',
      '12a',
      'a12',
      '1500 CR x',
      'Cr',
      'cr100',
      'dr 100',
    ]) {
      expect(rupeesToPaise(value), value).toBeNull();
    }
  });

  it('reads the dates Indian banks print as YYYY-MM-DD', () => {
    expect(statementDate('25/11/2026')).toBe('2026-11-25');
    expect(statementDate('25-11-2026')).toBe('2026-11-25');
    expect(statementDate('25.11.26')).toBe('2026-11-25');
    expect(statementDate('5 Nov 2026')).toBe('2026-11-05');
    expect(statementDate('25-NOV-2026')).toBe('2026-11-25');
    expect(statementDate('01-Jan-2026')).toBe('2026-01-01');
    expect(statementDate('31-Dec-2026')).toBe('2026-12-31');
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    names.forEach((name, i) => {
      expect(statementDate(`15-${name}-2026`), name).toBe(`2026-${String(i + 1).padStart(2, '0')}-15`);
    });
    expect(statementDate('1/2/2026')).toBe('2026-02-01');
    expect(statementDate(' 2026-11-25 10:30:00 ')).toBe('2026-11-25');
  });

  it('reads no date from other text', () => {
    for (const value of [
      '',
      'Opening Balance',
      '25/13/2026',
      '25/00/2026',
      '25-Xyz-2026',
      '125/11/2026',
      '25/11/2026x',
      'x25/11/2026',
      '25/11/2',
      '26-11-25-1',
      '2026/11/25',
      'x2026-11-25',
    ]) {
      expect(statementDate(value), value).toBeNull();
    }
  });

  it('looks for a reference by its letters and digits, upper-cased', () => {
    expect(referenceKey('nipm-m-00042 ')).toBe('NIPMM00042');
    expect(referenceKey('NIPM/N/7')).toBe('NIPMN7');
  });
});
