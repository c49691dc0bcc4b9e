import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, multiLineText, singleLineText } from './text';

const name = singleLineText(z.string().trim().min(1));
const message = multiLineText(z.string().trim().min(1));

describe('names and titles refuse control and text-direction characters', () => {
  it.each([
    ['NUL', 'Asha\u0000Rao'],
    ['right-to-left override', 'Asha \u202eoaR'],
    ['left-to-right embedding', '\u202aAsha'],
    ['first-strong isolate', 'Asha\u2068 Rao'],
    ['right-to-left mark', 'Asha\u200f'],
    ['Arabic letter mark', 'Asha\u061c'],
    ['escape', 'Asha\u001b[31m'],
    ['C1 control', 'Asha\u0085Rao'],
    ['DEL', 'Asha\u007f'],
    ['line separator', 'Asha\u2028Rao'],
    ['newline', 'Asha\nRao'],
    ['tab', 'Asha\tRao'],
  ])('refuses a name with a %s', (_what, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
  });

  it('keeps names in Indian scripts, zero-width joiners included', () => {
    for (const value of ['आशा राव', 'ക്‍', 'শ্‌রী', "D'Souza-Pereira", 'Ravi K. Iyer']) {
      expect(name.safeParse(value).success).toBe(true);
    }
  });

  it('lets a message run over lines and keep tabs, but not carry NUL or overrides', () => {
    expect(message.safeParse('Dear members,\n\tthe AGM is on 12 May.\r\nRegards').success).toBe(true);
    expect(message.safeParse('Hello\u0000').success).toBe(false);
    expect(message.safeParse('Hello \u202egnp.exe').success).toBe(false);
  });
});
