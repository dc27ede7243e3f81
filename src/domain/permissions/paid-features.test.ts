import { describe, expect, it } from 'vitest';
import { decideFeature, PAID_FEATURES, type PaidFeature, type PermissionsView } from './paid-features';
import { decideAccess } from './route-access';

const ALL_PACKS = ['fatturazione', 'analisi', 'listini', 'xml prodotti', 'Catena', 'magazzino'];
const loaded = (packNames: string[], blocked = false): PermissionsView => ({ status: 'loaded', packNames, blocked });
const FEATURES = Object.keys(PAID_FEATURES) as PaidFeature[];

describe('decideFeature (every in-page paid action asks the guard\'s decision)', () => {
  it('allows every paid action of a running subscription (or one in its 15-day grace) that holds the pack', () => {
    for (const feature of FEATURES) expect(decideFeature(loaded(ALL_PACKS), feature)).toEqual({ kind: 'allow' });
  });

  it('refuses every paid action once the grace is over, even with the packs, with the expiry in the text', () => {
    for (const feature of FEATURES) {
      const decision = decideFeature(loaded(ALL_PACKS, true), feature);
      expect(decision).toMatchObject({ kind: 'deny', reason: 'blocked' });
      if (decision.kind === 'deny') expect(decision.message).toContain("l'abbonamento di questo negozio è scaduto");
    }
    expect(decideFeature(loaded(ALL_PACKS, true), 'invoiceFromReceipt')).toEqual({
      kind: 'deny',
      reason: 'blocked',
      message: `Accesso negato: l'abbonamento di questo negozio è scaduto e il pacchetto "Fatturazione" è disattivato. Contatta il supporto per rinnovarlo.`,
    });
  });

  it('refuses an action whose pack the subscription lacks, with the route guard\'s text (Catena: the spec\'s own)', () => {
    const few = loaded(['magazzino', 'profili base']);
    expect(decideFeature(few, 'invoiceFromReceipt')).toEqual({ kind: 'deny', reason: 'no-pack', message: 'Accesso negato: il tuo account non include il pacchetto "Fatturazione".' });
    expect(decideFeature(few, 'deferredInvoice')).toMatchObject({ kind: 'deny', reason: 'no-pack' });
    expect(decideFeature(few, 'priceLists')).toMatchObject({ kind: 'deny', reason: 'no-pack' });
    expect(decideFeature(few, 'productImport')).toMatchObject({ kind: 'deny', reason: 'no-pack' });
    expect(decideFeature(few, 'statisticsExport')).toMatchObject({ kind: 'deny', reason: 'no-pack' });
    expect(decideFeature(few, 'chainSettings')).toEqual({
      kind: 'deny',
      reason: 'no-pack',
      message: 'Funzionalità non disponibile... è necessario il pacchetto "Catena" nel tuo abbonamento. Contatta il supporto per maggiori informazioni.',
    });
    // Each action needs its own pack, not any pack.
    expect(decideFeature(loaded(['listini']), 'priceLists')).toEqual({ kind: 'allow' });
    expect(decideFeature(loaded(['listini']), 'productImport')).toMatchObject({ kind: 'deny' });
    expect(decideFeature(loaded(['analisi']), 'statisticsExport')).toEqual({ kind: 'allow' });
  });

  it('offers nothing and refuses nothing while the permissions load; a failed load grants nothing', () => {
    for (const feature of FEATURES) {
      expect(decideFeature({ status: 'idle', packNames: ALL_PACKS, blocked: false }, feature)).toEqual({ kind: 'wait' });
      expect(decideFeature({ status: 'loading', packNames: ALL_PACKS, blocked: false }, feature)).toEqual({ kind: 'wait' });
      expect(decideFeature({ status: 'error', packNames: ALL_PACKS, blocked: false }, feature)).toMatchObject({ kind: 'deny', reason: 'no-subscription' });
    }
  });

  it('agrees with the route guard on the pages that hold these actions', () => {
    const routes = { invoiceFromReceipt: 'Fatturazione', chainDashboard: 'Catena', statisticsExport: 'Statistiche' } as const;
    for (const permissions of [loaded(ALL_PACKS), loaded(ALL_PACKS, true), loaded(['magazzino'])]) {
      for (const [feature, pack] of Object.entries(routes) as [PaidFeature, string][]) {
        const route = decideAccess({ access: { kind: 'levels', levels: ['shop'] }, pack }, { signedIn: true, level: 'shop', permissions });
        expect(decideFeature(permissions, feature).kind === 'allow').toBe(route.kind === 'allow');
      }
    }
  });
});
