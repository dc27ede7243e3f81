import { describe, expect, it } from 'vitest';
import { FIX_ACTIONS, KNOWN_SDI_CODES, adviceFor, type FixPlace } from './sdi-errors';

/** Every code of the SDI checks list the generator is held to (shared/fatturapa/SDI-CHECKS.md), plus signature codes. */
const CHECKS_CODES = [
  '00001', '00002', '00003', '00200', '00201',
  '00300', '00301', '00302', '00303', '00304', '00305', '00306', '00311', '00312', '00313',
  '00400', '00401', '00403', '00404', '00409', '00411', '00413', '00414', '00415', '00417', '00418', '00419',
  '00420', '00421', '00422', '00423', '00424', '00425', '00426', '00427', '00428', '00429', '00430',
  '00437', '00438', '00443', '00444', '00445', '00448',
  '00471', '00472', '00473', '00474', '00475', '00476',
];
const SIGNATURE_CODES = ['00100', '00102', '00104'];

const generic = adviceFor('99999');

describe('adviceFor', () => {
  it.each([...CHECKS_CODES, ...SIGNATURE_CODES])('%s has its own advice', (code) => {
    const advice = adviceFor(code);
    expect(advice.code).toBe(code);
    expect(advice.explanation).not.toBe(generic.explanation);
  });

  it('lists exactly those codes as known', () => {
    expect([...KNOWN_SDI_CODES].sort()).toEqual([...CHECKS_CODES, ...SIGNATURE_CODES].sort());
  });

  it('every explanation is an Italian sentence ending with a period', () => {
    for (const code of [...KNOWN_SDI_CODES, '99999']) {
      const { explanation } = adviceFor(code);
      expect(explanation, code).toMatch(/\.$/);
      expect(explanation, code).toMatch(/^[A-ZÈ]/);
      expect(explanation, code).toMatch(/\b(il|la|lo|le|del|della|di|un|una|non|è|per)\b/);
      expect(explanation, code).not.toMatch(/\b(the|is|not|of|and|with|invoice|customer)\b/i);
    }
  });

  it('every action is the button of its fix place', () => {
    for (const code of [...KNOWN_SDI_CODES, '99999']) {
      const advice = adviceFor(code);
      expect(advice.action, code).toBe(FIX_ACTIONS[advice.fix]);
    }
  });

  it.each<[string, FixPlace]>([
    ['00305', 'customer'],
    ['00306', 'customer'],
    ['00311', 'customer'],
    ['00312', 'customer'],
    ['00417', 'customer'],
    ['00300', 'shop-fiscal'],
    ['00301', 'shop-fiscal'],
    ['00302', 'shop-fiscal'],
    ['00403', 'invoice-data'],
    ['00404', 'invoice-data'],
    ['00400', 'invoice-lines'],
    ['00401', 'invoice-lines'],
    ['00419', 'invoice-lines'],
    ['00421', 'invoice-lines'],
    ['00422', 'invoice-lines'],
    ['00423', 'invoice-lines'],
    ['00424', 'invoice-lines'],
    ['00429', 'invoice-lines'],
    ['00430', 'invoice-lines'],
    ['00443', 'invoice-lines'],
    ['00444', 'invoice-lines'],
    ['00445', 'invoice-lines'],
    ['00200', 'support'],
    ['00201', 'support'],
    ['00100', 'support'],
    ['00102', 'support'],
    ['00104', 'support'],
  ])('%s is fixed in %s', (code, fix) => {
    expect(adviceFor(code).fix).toBe(fix);
  });

  it('says who is wrong in the shop’s terms', () => {
    expect(adviceFor('00305')).toEqual({
      code: '00305',
      explanation: 'La partita IVA del cliente non risulta all’Anagrafe Tributaria.',
      fix: 'customer',
      action: 'Correggi i dati del cliente',
    });
    expect(adviceFor('00301').explanation).toContain('del negozio');
    expect(adviceFor('00301').action).toBe('Correggi i dati fiscali del negozio');
    expect(adviceFor('00404').explanation).toContain('numero nuovo');
    expect(adviceFor('00404').action).toBe('Correggi e reinvia');
    expect(adviceFor('00423').action).toBe('Correggi le righe della fattura');
  });

  it('an unknown code sends the shop to support and to the SDI’s own text', () => {
    expect(adviceFor('00999')).toEqual({
      code: '00999',
      explanation: 'Lo SDI ha scartato la fattura per un motivo che l’app non sa spiegare: leggi il suo messaggio qui sotto.',
      fix: 'support',
      action: 'Contatta il supporto',
    });
    expect(adviceFor('').fix).toBe('support');
    expect(adviceFor('constructor').fix).toBe('support');
  });

  it('reads a code written without its leading zeros or with blanks', () => {
    expect(adviceFor('305')).toEqual(adviceFor('00305'));
    expect(adviceFor(' 00404 ').code).toBe('00404');
  });
});
