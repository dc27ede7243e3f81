import { describe, expect, it } from 'vitest';
import { packState, preselectPacks, proposalError, proposalPacks, proposalTarget, proposedPrice, PROPOSAL_TEXTS, recommendedPrice } from './proposal';

describe('packState', () => {
  const plan = ['fatturazione'];
  const current = ['fatturazione', 'statistiche', 'catena'];
  it('Incluso, Selezionato, Mancante, or nothing', () => {
    expect(packState('fatturazione', plan, [], current)).toBe('Incluso');
    expect(packState('statistiche', plan, ['statistiche'], current)).toBe('Selezionato');
    expect(packState('catena', plan, ['statistiche'], current)).toBe('Mancante');
    expect(packState('magazzino', plan, [], current)).toBeNull();
    expect(packState('magazzino', plan, ['magazzino'], current)).toBe('Selezionato');
  });
});

describe('plan and packs', () => {
  it('choosing a plan preselects its packs; stored packs are the plan ones plus the extras, once', () => {
    expect(preselectPacks({ includedPacks: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(preselectPacks(undefined)).toEqual([]);
    expect(proposalPacks(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('recommended price: plan plus selected packs outside it, two decimals', () => {
    const prices = new Map([['a', 10], ['c', 4.95], ['d', 0.1]]);
    expect(recommendedPrice({ id: 'p', price: 29.9, includedPacks: ['a'] }, ['a', 'c', 'd'], prices)).toBe(34.95);
    expect(recommendedPrice({ id: 'p', price: 0.1, includedPacks: [] }, ['d'], prices)).toBe(0.2);
    expect(recommendedPrice(undefined, ['a'], prices)).toBeNull();
  });
});

describe('validation and target', () => {
  it('a plan, then both dates, then a valid price', () => {
    expect(proposalError({ planId: '', start: '2026-01-01', end: '2027-01-01', price: '' })).toBe(PROPOSAL_TEXTS.noPlan);
    expect(proposalError({ planId: 'p', start: '2026-01-01', end: '', price: '' })).toBe(PROPOSAL_TEXTS.noDates);
    expect(proposalError({ planId: 'p', start: '2026-01-01', end: '2027-01-01', price: '-1' })).toBe(PROPOSAL_TEXTS.badPrice);
    expect(proposalError({ planId: 'p', start: '2026-01-01', end: '2027-01-01', price: '' })).toBeNull();
  });

  it('refuses what the database would refuse: expiry not after start, more than 3 packs beyond the plan', () => {
    expect(proposalError({ planId: 'p', start: '2027-01-01', end: '2027-01-01', price: '' })).toBe(PROPOSAL_TEXTS.badDates);
    expect(proposalError({ planId: 'p', start: '2027-01-02', end: '2027-01-01', price: '' })).toBe(PROPOSAL_TEXTS.badDates);
    expect(proposalError({ planId: 'p', start: '2026-01-01', end: '2027-01-01', price: '', extraPacks: 3 })).toBeNull();
    expect(proposalError({ planId: 'p', start: '2026-01-01', end: '2027-01-01', price: '', extraPacks: 4 })).toBe(PROPOSAL_TEXTS.tooManyExtras);
  });

  it('proposedPrice: null when empty, comma accepted, rounded to cents', () => {
    expect(proposedPrice('')).toBeNull();
    expect(proposedPrice('49,9')).toBe(49.9);
    expect(proposedPrice('10,005')).toBe(10.01);
    expect(proposedPrice('1.005')).toBe(1005); // an Italian thousand and five
    expect(proposedPrice('1e3')).toBeNull();
    expect(proposedPrice('abc')).toBeNull();
  });

  it('updates the pending proposal, else the one found by shop, else creates', () => {
    expect(proposalTarget('p1', 'p2')).toEqual({ kind: 'update', id: 'p1' });
    expect(proposalTarget(undefined, 'p2')).toEqual({ kind: 'update', id: 'p2' });
    expect(proposalTarget(undefined, undefined)).toEqual({ kind: 'create' });
  });
});
