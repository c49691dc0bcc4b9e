import { describe, expect, it } from 'vitest';
import {
  cellIntent,
  parseAmount,
  parseClass,
  parseDate,
  parseEmail,
  parseFinancialYear,
  parseFlag,
  parseGender,
  parseMemberNumber,
  parseMobile,
  parsePastDate,
  parsePaymentMode,
  parsePin,
  parseState,
  parseText,
  parseTitle,
} from './fields';

const TODAY = '2026-11-25';
const date = (text: string) => parseDate(text, TODAY);

describe('dates', () => {
  it('reads each accepted form as the same day', () => {
    for (const form of [
      '12/03/2019',
      '12-03-2019',
      '12.3.19',
      '12.03.2019',
      '2019-03-12',
      '12-Mar-2019',
      '12 March 2019',
      '12-mar-19',
      '43536',
    ]) {
      expect(date(form), form).toEqual({ value: '2019-03-12' });
    }
  });

  it('takes single-digit days and months, and a time after an ISO date', () => {
    expect(date('1/4/2015')).toEqual({ value: '2015-04-01' });
    expect(date('2019-03-12 00:00:00')).toEqual({ value: '2019-03-12' });
  });

  it('puts a two-digit year in this century unless that is after this year', () => {
    expect(date('5.6.98')).toEqual({ value: '1998-06-05' });
    expect(date('5.6.26')).toEqual({ value: '2026-06-05' });
    expect(date('5.6.27')).toEqual({ value: '1927-06-05' });
  });

  it('reads Excel serial numbers in Excel 1900 date system', () => {
    expect(date('27630')).toEqual({ value: '1975-08-24' });
    expect(date('45000')).toEqual({ value: '2023-03-15' });
  });

  it('refuses impossible dates, never rolling them over', () => {
    expect(date('31/02/2019')).toEqual({ error: 'There is no 31 in month 2 of 2019.' });
    expect(date('29-02-2023')).toEqual({ error: 'There is no 29 in month 2 of 2023.' });
    expect(date('29-02-2024')).toEqual({ value: '2024-02-29' });
    expect(date('00/01/2019')).toEqual({ error: 'There is no 0 in month 1 of 2019.' });
    expect(date('12/25/2019')).toEqual({ error: 'There is no month 25: dates are day, then month, then year.' });
    expect(date('2019-13-01')).toEqual({ error: 'There is no month 13: dates are day, then month, then year.' });
  });

  it('refuses what is not a whole date rather than guessing', () => {
    expect(date('0Feb')).toEqual({
      error: '"0Feb" is not a date: write it as DD/MM/YYYY, DD-MM-YYYY, D.M.YY, YYYY-MM-DD or 12-Mar-2019.',
    });
    expect(date('Mar 2019')).toHaveProperty('error');
    expect(date('12/03')).toHaveProperty('error');
    expect(date('2019')).toEqual({ error: 'A year alone is not a date: give the day and month too.' });
    expect(date('12-Mrz-2019')).toEqual({ error: '"Mrz" is not a month.' });
    expect(date('12/03-2019')).toHaveProperty('error');
    expect(date('20190312')).toHaveProperty('error');
    expect(date('43536.5')).toEqual({ error: 'An Excel date number is a whole number of days.' });
    expect(date('9999')).toHaveProperty('error');
  });

  it('refuses a date in the future or before the earliest allowed', () => {
    expect(parsePastDate('01/01/2030', TODAY)).toEqual({ error: '2030-01-01 is in the future.' });
    expect(parsePastDate('01/01/1890', TODAY)).toEqual({ error: '1890-01-01 is before 1900-01-01.' });
    expect(parsePastDate('14/08/1975', TODAY)).toEqual({ value: '1975-08-14' });
  });
});

describe('contact details', () => {
  it('stores an Indian mobile one way: its 10 digits', () => {
    for (const form of [
      '9830012345',
      '+91 98300 12345',
      '+91-9830012345',
      '09830012345',
      '919830012345',
      '98300-12345',
      '(+91) 98300 12345',
    ]) {
      expect(parseMobile(form), form).toEqual({ value: '9830012345' });
    }
  });

  it('refuses numbers that are not Indian mobiles, or that Excel shortened', () => {
    expect(parseMobile('5830012345')).toEqual({ error: 'An Indian mobile number starts with 6, 7, 8 or 9.' });
    expect(parseMobile('983001234')).toHaveProperty('error');
    expect(parseMobile('9.83E+09')).toEqual({
      error: 'Excel shortened this number to 9.83E+09: format the column as Text and save the file again.',
    });
    expect(parseMobile('9830012345 / 9830054321')).toEqual({ error: 'Give one mobile number in the cell.' });
  });

  it('reads PIN codes of 6 digits', () => {
    expect(parsePin('700 016')).toEqual({ value: '700016' });
    expect(parsePin('070016')).toHaveProperty('error');
    expect(parsePin('70001')).toHaveProperty('error');
  });

  it('reads e-mail addresses in lower case, one per cell', () => {
    expect(parseEmail(' Anita.Sen@Example.IN ')).toEqual({ value: 'anita.sen@example.in' });
    expect(parseEmail('anita at example')).toEqual({ error: '"anita at example" is not an e-mail address.' });
    expect(parseEmail('a@x.in; b@y.in')).toEqual({ error: 'Give one e-mail address in the cell.' });
  });

  it('reads a State by name, old name, letter code or GST code, stored by its name', () => {
    expect(parseState('west bengal')).toEqual({ value: 'West Bengal' });
    expect(parseState('WB')).toEqual({ value: 'West Bengal' });
    expect(parseState('19')).toEqual({ value: 'West Bengal' });
    expect(parseState('Orissa')).toEqual({ value: 'Odisha' });
    expect(parseState('7')).toEqual({ value: 'Delhi' });
    expect(parseState('Jammu & Kashmir')).toEqual({ value: 'Jammu and Kashmir' });
    expect(parseState('Bengal')).toEqual({ error: '"Bengal" is not a State or Union Territory of India.' });
  });
});

describe('membership fields', () => {
  it('reads a financial year in either form as its start year', () => {
    expect(parseFinancialYear('2025-26', TODAY)).toEqual({ value: 2025 });
    expect(parseFinancialYear('2025-2026', TODAY)).toEqual({ value: 2025 });
    expect(parseFinancialYear('FY 1999/00', TODAY)).toEqual({ value: 1999 });
    expect(parseFinancialYear('2025-27', TODAY)).toEqual({
      error: '2025-27 is not a financial year: the second year follows the first.',
    });
    expect(parseFinancialYear('2025', TODAY)).toEqual({ error: 'Write the financial year as 2025-26 or 2025-2026.' });
    expect(parseFinancialYear('2040-41', TODAY)).toHaveProperty('error');
  });

  it('reads classes, genders, titles and the Fellow flag in the ways sheets write them', () => {
    expect(parseClass('Life Member')).toEqual({ value: 'life' });
    expect(parseClass('ASSOCIATE')).toEqual({ value: 'associate' });
    expect(parseClass('Gold')).toHaveProperty('error');
    expect(parseGender('F')).toEqual({ value: 'female' });
    expect(parseGender('Male')).toEqual({ value: 'male' });
    expect(parseGender('X')).toHaveProperty('error');
    expect(parseTitle('DR.')).toEqual({ value: 'Dr' });
    expect(parseTitle('Smt')).toEqual({ value: 'Smt' });
    expect(parseFlag('Y')).toEqual({ value: true });
    expect(parseFlag('FNIPM')).toEqual({ value: true });
    expect(parseFlag('0')).toEqual({ value: false });
    expect(parseFlag('maybe')).toHaveProperty('error');
  });

  it('keeps a legacy membership number as written', () => {
    expect(parseMemberNumber(' kol/LM  123 ')).toEqual({ value: 'kol/LM 123' });
    expect(parseMemberNumber('=1+1')).toHaveProperty('error');
  });
});

describe('cells: empty, CLEAR and formula-looking text', () => {
  it('tells keep, clear and text apart', () => {
    expect(cellIntent('  ')).toEqual({ kind: 'keep' });
    expect(cellIntent(undefined)).toEqual({ kind: 'keep' });
    expect(cellIntent('CLEAR')).toEqual({ kind: 'clear' });
    expect(cellIntent(' clear ')).toEqual({ kind: 'clear' });
    expect(cellIntent('Clearwater Ltd')).toEqual({ kind: 'text', text: 'Clearwater Ltd' });
  });

  it('stores formula-looking cells as text, taking off the apostrophe our exports add', () => {
    expect(cellIntent('=HYPERLINK("http://x","y")')).toEqual({ kind: 'text', text: '=HYPERLINK("http://x","y")' });
    expect(cellIntent("'=1+2")).toEqual({ kind: 'text', text: '=1+2' });
    expect(cellIntent("'@cmd")).toEqual({ kind: 'text', text: '@cmd' });
    expect(cellIntent("O'Brien")).toEqual({ kind: 'text', text: "O'Brien" });
    expect(parseText('=1+2', 200)).toEqual({ value: '=1+2' });
    expect(parseText('-  HR   team', 200)).toEqual({ value: '- HR team' });
    expect(parseText('a\u202eb', 200)).toHaveProperty('error');
  });
});

describe('payment fields', () => {
  it('reads rupees as paise in the ways receipts write them', () => {
    expect(parseAmount('1500')).toEqual({ value: 150000 });
    expect(parseAmount('₹1,500.50')).toEqual({ value: 150050 });
    expect(parseAmount('Rs. 1,00,000/-')).toEqual({ value: 10000000 });
    expect(parseAmount('0')).toEqual({ error: 'The amount must be above zero.' });
    expect(parseAmount('15OO')).toHaveProperty('error');
  });

  it('reads payment modes', () => {
    expect(parsePaymentMode('NEFT')).toEqual({ value: 'bank_transfer' });
    expect(parsePaymentMode('D.D.')).toEqual({ value: 'demand_draft' });
    expect(parsePaymentMode('Cheque')).toEqual({ value: 'cheque' });
    expect(parsePaymentMode('barter')).toHaveProperty('error');
  });
});
