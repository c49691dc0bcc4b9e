import { describe, expect, it } from 'vitest';
import { checkGstin, gstinCheckCharacter, gstinFieldErrors } from './gstin';

describe('GSTIN check character', () => {
  it('matches the numbers GSTN itself publishes as examples', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });
});

describe('checkGstin', () => {
  it.each([
    ['West Bengal company', '19AAATN1234F1ZV', '19'],
    ['Maharashtra firm', '27AAPFU0939F1ZV', '27'],
    ['Karnataka company', '29AAGCB7383J1Z4', '29'],
    ['Delhi company', '07AAACN5678E1ZD', '07'],
    ['Tamil Nadu proprietor', '33AAAPS4321K1ZV', '33'],
    ['Andhra Pradesh trust, second registration', '37AABTN2468M2Z2', '37'],
    ['Ladakh local authority', '38AAAGL1357Q1ZT', '38'],
    ['Gujarat company', '24AAACC1206D1ZM', '24'],
  ])('accepts a valid GSTIN (%s)', (_, gstin, stateCode) => {
    expect(checkGstin(gstin)).toEqual({ valid: true, gstin, stateCode, pan: gstin.slice(2, 12) });
  });

  it('forgives spaces around and lower case', () => {
    expect(checkGstin('  27aapfu0939f1zv ')).toMatchObject({ valid: true, gstin: '27AAPFU0939F1ZV' });
  });

  it.each([
    ['empty', '  ', 'empty'],
    ['14 characters', '27AAPFU0939F1Z', 'length'],
    ['16 characters', '27AAPFU0939F1ZVX', 'length'],
    ['a stray symbol', '27AAPFU0939F1-V', 'characters'],
    ['state code 00', '00AAPFU0939F1ZV', 'state'],
    ['state code 39', '39AAPFU0939F1ZV', 'state'],
    ['state code 98', '98AAPFU0939F1ZV', 'state'],
    ['letters where the PAN has digits', '27AAPFUO939F1ZV', 'pan'],
    ['a PAN holder kind that does not exist (X)', '27AAPXU0939F1ZV', 'pan'],
    ['entity 0', '27AAPFU0939F0ZV', 'entity'],
    ['no Z', '27AAPFU0939F1YV', 'z'],
    ['a wrong check character', '27AAPFU0939F1ZW', 'check'],
    ['two digits swapped', '27AAPFU0993F1ZV', 'check'],
  ])('rejects %s', (_, gstin, problem) => {
    expect(checkGstin(gstin)).toMatchObject({ valid: false, problem });
  });

  it('says which part is wrong, for the form field', () => {
    expect(gstinFieldErrors('27AAPFU0939F1ZW')).toEqual({
      gstin: 'This GSTIN’s last character does not match the rest: check it for a typing mistake.',
    });
    expect(gstinFieldErrors('39AAPFU0939F1ZV', 'buyer.gstin')).toEqual({
      'buyer.gstin': 'The first two digits of a GSTIN are a State code such as 19 or 27; this one is not.',
    });
    expect(gstinFieldErrors('27AAPFU0939F1ZV')).toEqual({});
  });

  it('accepts the old codes 25 and 28 and Centre Jurisdiction 99 that GSTINs still carry', () => {
    for (const code of ['25', '28', '97', '99']) {
      const first14 = `${code}AAACN1234F1Z`;
      expect(checkGstin(first14 + gstinCheckCharacter(first14)).valid).toBe(true);
    }
  });
});
