import { describe, expect, it } from 'vitest';
import { chapterPhrase, reportedPaymentNote, withArticle } from './wording';

describe('chapterPhrase', () => {
  it.each([
    ['Chennai', 'Chennai chapter'],
    ['Chennai Chapter', 'Chennai Chapter'],
    ['Kolkata chapter ', 'Kolkata chapter'],
    ['Chapterhouse', 'Chapterhouse chapter'],
  ])('%s → %s', (name, expected) => expect(chapterPhrase(name)).toBe(expected));
});

describe('withArticle', () => {
  it.each([
    ['Associate', 'an Associate'],
    ['Institutional', 'an Institutional'],
    ['Life', 'a Life'],
    ['Corporate', 'a Corporate'],
    ['Student', 'a Student'],
  ])('%s → %s', (word, expected) => expect(withArticle(word)).toBe(expected));
});

describe('reportedPaymentNote', () => {
  it('names the mode as people read it, and the reference', () => {
    expect(reportedPaymentNote('upi', '432198765012')).toBe('UPI payment reported, reference 432198765012');
    expect(reportedPaymentNote('demand_draft', null)).toBe('Demand draft payment reported');
  });
});
