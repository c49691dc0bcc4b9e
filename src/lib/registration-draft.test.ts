import { describe, expect, it } from 'vitest';
import { parseDraft, parseStep, serialiseDraft } from './registration-draft';

describe('registration draft', () => {
  it('keeps typed fields but not the declaration', () => {
    const text = serialiseDraft({ firstName: 'Meera', chapterId: 3, declaration: true });
    expect(parseDraft(text)).toEqual({ firstName: 'Meera', chapterId: 3 });
  });

  it('reads nothing from a missing or mangled draft', () => {
    expect(parseDraft(null)).toEqual({});
    expect(parseDraft('{oops')).toEqual({});
    expect(parseDraft('[1,2]')).toEqual({});
    expect(parseDraft('{"firstName":{"x":1},"city":"Pune"}')).toEqual({ city: 'Pune' });
  });

  it('keeps the step within the form', () => {
    expect(parseStep('3', 7)).toBe(3);
    expect(parseStep('9', 7)).toBe(0);
    expect(parseStep(null, 7)).toBe(0);
    expect(parseStep('1.5', 7)).toBe(0);
  });
});
