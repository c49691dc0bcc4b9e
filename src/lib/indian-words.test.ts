import { describe, expect, it } from 'vitest';
import { amountInIndianWords, integerInIndianWords } from './indian-words';

describe('amountInIndianWords', () => {
  it('says zero', () => {
    expect(amountInIndianWords(0)).toBe('Rupees Zero Only');
  });

  it('says paise alone without rupees', () => {
    expect(amountInIndianWords(50)).toBe('Fifty Paise Only');
    expect(amountInIndianWords(1)).toBe('One Paise Only');
    expect(amountInIndianWords(99)).toBe('Ninety Nine Paise Only');
  });

  it('counts in lakh and crore, not million', () => {
    expect(amountInIndianWords(100_000_00)).toBe('Rupees One Lakh Only');
    expect(amountInIndianWords(1_02_00_000_00)).toBe('Rupees One Crore Two Lakh Only');
    expect(amountInIndianWords(12_34_56_789_00)).toBe(
      'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Only',
    );
  });

  it('puts paise after the rupees', () => {
    expect(amountInIndianWords(9_000_50)).toBe('Rupees Nine Thousand and Fifty Paise Only');
    expect(amountInIndianWords(1_18_05)).toBe('Rupees One Hundred Eighteen and Five Paise Only');
  });

  it('writes the teens and round tens as words of their own', () => {
    expect(amountInIndianWords(11_00)).toBe('Rupees Eleven Only');
    expect(amountInIndianWords(40_00)).toBe('Rupees Forty Only');
    expect(amountInIndianWords(10_010_00)).toBe('Rupees Ten Thousand Ten Only');
  });

  it('counts crores above 99 in words too', () => {
    expect(integerInIndianWords(150_00_00_000)).toBe('One Hundred Fifty Crore');
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => amountInIndianWords(-1)).toThrow(RangeError);
    expect(() => amountInIndianWords(1.5)).toThrow(RangeError);
  });
});
