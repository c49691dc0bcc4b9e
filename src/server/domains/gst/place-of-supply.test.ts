import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from './gstin';
import { placeOfSupply, placeOfSupplyByRule, SUPPLY_KINDS, SUPPLY_RULES } from './place-of-supply';

const institute = '19';
const maharashtraCompany = '27AAPFU0939F1ZV';

describe('place of supply', () => {
  it('has a rule for every kind of supply', () => {
    for (const kind of SUPPLY_KINDS) expect(SUPPLY_RULES[kind].rule).toBeTruthy();
  });

  it('membership (section 12(2)): a registered buyer’s GSTIN State, else the address on record, else the institute', () => {
    expect(
      placeOfSupply('membership', {
        buyer: { gstin: maharashtraCompany, stateCode: '33' },
        instituteStateCode: institute,
      }),
    ).toEqual({
      stateCode: '27',
      basis: 'IGST Act, section 12(2): the registered buyer’s State (its GSTIN)',
    });
    expect(
      placeOfSupply('membership', { buyer: { gstin: null, stateCode: '33' }, instituteStateCode: institute }).stateCode,
    ).toBe('33');
    expect(
      placeOfSupply('membership', { buyer: { gstin: null, stateCode: null }, instituteStateCode: institute }),
    ).toEqual({
      stateCode: '19',
      basis: 'IGST Act, section 12(2): no address of the buyer on record: the institute’s State',
    });
  });

  it('NATCON delegate fee (section 12(7)): a registered buyer’s State, an unregistered one where the event is held', () => {
    const held = { instituteStateCode: institute, eventStateCode: '24' };
    expect(
      placeOfSupply('natcon_delegate', { ...held, buyer: { gstin: maharashtraCompany, stateCode: null } }).stateCode,
    ).toBe('27');
    expect(placeOfSupply('natcon_delegate', { ...held, buyer: { gstin: null, stateCode: '33' } })).toEqual({
      stateCode: '24',
      basis: 'IGST Act, section 12(7): where the event is held, the buyer being unregistered',
    });
    expect(
      placeOfSupply('natcon_delegate', {
        instituteStateCode: institute,
        eventStateCode: null,
        buyer: { gstin: null, stateCode: '33' },
      }).stateCode,
    ).toBe('33');
  });

  it('award nomination fee follows the general rule', () => {
    expect(
      placeOfSupply('natcon_award', {
        instituteStateCode: institute,
        eventStateCode: '24',
        buyer: { gstin: null, stateCode: '07' },
      }).stateCode,
    ).toBe('07');
  });

  it('ignores a State that is no longer a place (Daman and Diu, 25) and a Centre Jurisdiction GSTIN', () => {
    expect(
      placeOfSupply('membership', { buyer: { gstin: null, stateCode: '25' }, instituteStateCode: institute }).stateCode,
    ).toBe('19');
    const centre = `99AAACN1234F1Z${gstinCheckCharacter('99AAACN1234F1Z')}`;
    expect(
      placeOfSupply('membership', { buyer: { gstin: centre, stateCode: '07' }, instituteStateCode: institute })
        .stateCode,
    ).toBe('07');
  });

  it('admission to an event (section 12(6)) is where it is held, whoever buys', () => {
    expect(
      placeOfSupplyByRule('event_admission', {
        instituteStateCode: institute,
        eventStateCode: '24',
        buyer: { gstin: maharashtraCompany, stateCode: '27' },
      }),
    ).toEqual({ stateCode: '24', basis: 'IGST Act, section 12(6): where the event is held' });
  });

  it('refuses a GSTIN that fails the check', () => {
    expect(() =>
      placeOfSupply('membership', {
        buyer: { gstin: '27AAPFU0939F1ZW', stateCode: null },
        instituteStateCode: institute,
      }),
    ).toThrow(RangeError);
  });
});
