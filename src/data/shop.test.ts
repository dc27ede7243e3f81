import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { normalizeShop, toFirestoreShop } from './shop';
import { SEED_NOW, stored, storedCollection } from './test-seed';

const shop = (uid: string) => normalizeShop(uid, stored('Shop', uid));

describe('Shop converter', () => {
  it('keys shops by the owner uid and reads the main fields', () => {
    const s = shop(A.owner.uid);
    expect(s).toMatchObject({ id: A.owner.uid, userId: A.owner.uid, name: 'Bottega Verdi', city: 'Milano', province: 'MI', zipCode: '20154', country: 'IT', taxRegime: 'RF01', openApi: true, subscriptionId: 'sub-negozio' });
    expect(s.partitaIva).toMatch(/^\d{11}$/);
    expect(s.settings.pIva).toBe(s.partitaIva);
  });

  it('reads settings.invoiceNumber stored as text, as a number, or unreadable', () => {
    expect(shop(A.owner.uid).settings.nextInvoiceNumber).toBe(49);
    expect(shop(A.fewPacks.uid).settings.nextInvoiceNumber).toBe(39);
    expect(shop(A.expired.uid).settings.nextInvoiceNumber).toBe(0);
    expect(normalizeShop('x', { settings: { invoiceNumber: '-3' } }).settings.nextInvoiceNumber).toBe(0);
  });

  it('writes the counters under their stored names (next invoice as text, last credit note), never the code names', () => {
    const s = shop(A.owner.uid);
    const written = toFirestoreShop({ ...s, settings: { ...s.settings, lastCreditNoteNumber: 4 } }).settings as Record<string, unknown>;
    expect(written.invoiceNumber).toBe('49');
    expect(written.creditNoteNumber).toBe(4);
    expect(Object.keys(written)).not.toContain('nextInvoiceNumber');
    expect(Object.keys(written)).not.toContain('lastCreditNoteNumber');
  });

  it('reads technicians stored as ids or as objects {id} {uid} {techId}', () => {
    for (const key of ['owner', 'fewPacks', 'roles', 'basePlan'] as const) {
      expect(shop(A[key].uid).technicians).toEqual([A.tech.uid]);
    }
    expect(shop(A.branch1.uid).technicians).toEqual([]);
    expect(shop(A.owner.uid).assignedTech).toBe(A.tech.uid);
    expect(shop(A.basePlan.uid).assignedTech).toBeUndefined(); // stored ''
  });

  it('reads accountants, the chain and the P.IVA kept only at the top level', () => {
    expect(shop(A.owner.uid).accountants).toEqual([A.accountant.uid]);
    expect(shop(A.roles.uid).accountants).toEqual([A.accountant.uid]);
    expect(shop(A.owner.uid)).toMatchObject({ isChainMaster: true, shopGroup: null, chainSettings: { allowMemberDataAccess: true, shareInventory: false } });
    expect(shop(A.branch1.uid)).toMatchObject({ isChainMaster: false, shopGroup: A.owner.uid });
    expect(shop(A.branch2.uid).shopGroup).toBe(A.owner.uid);
    const grace = shop(A.grace.uid);
    expect((stored('Shop', A.grace.uid).settings as Record<string, unknown>).pIva).toBeUndefined();
    expect(grace.settings.pIva).toMatch(/^\d{11}$/);
    expect(grace.partitaIva).toBe(grace.settings.pIva);
  });

  it('reads settings defaults and the Cashmatic block', () => {
    const s = shop(A.owner.uid).settings;
    expect(s).toMatchObject({ codeDdt: 11, lastCreditNoteNumber: 2, backofficeRoles: false, cashmaticEnabled: true, cashmaticProtocol: 'https', cashmaticTotalMoney: 1843.5, posTid: '30471234', automaticPosSale: true });
    expect(s.cashmaticLastUpdate).toBeInstanceOf(Date);
    expect(shop(A.roles.uid).settings).toMatchObject({ backofficeRoles: true, cashmaticProtocol: 'http' });
    const empty = normalizeShop('x', {});
    expect(empty.settings).toMatchObject({ codeDdt: 11, nextInvoiceNumber: 0, cashmaticProtocol: 'https', cashmaticTotalMoney: 0, backofficeRoles: false });
    expect(empty.shopGroup).toBeNull();
    // The business day's cut-off: one reading, the default when missing or unreadable.
    expect(empty.settings.businessDayCutoff).toBe('05:00');
    expect(normalizeShop('x', { settings: { businessDayCutoff: '02:30' } }).settings.businessDayCutoff).toBe('02:30');
    expect(normalizeShop('x', { settings: { businessDayCutoff: '3:15' } }).settings.businessDayCutoff).toBe('03:15');
    expect(normalizeShop('x', { settings: { businessDayCutoff: '18:00' } }).settings.businessDayCutoff).toBe('05:00');
    expect(empty.userId).toBe('x');
  });

  it('reads the devices map (Device, document 3 §3)', () => {
    const devices = Object.values(shop(A.owner.uid).devices);
    expect(devices).toHaveLength(3);
    const cassa = devices.find((d) => d.deviceName === 'iPad Cassa 1');
    expect(cassa).toMatchObject({ deviceModel: 'iPad13,18', systemName: 'iPadOS', appVersion: '3.4.1', appBuild: '341', isSimulator: false });
    expect(SEED_NOW.getTime() - cassa!.lastVersionUpdate!.getTime()).toBeLessThan(30 * 60_000);
    expect(devices.filter((d) => d.isSimulator)).toHaveLength(1);
    expect(normalizeShop('x', { devices: { D1: { deviceEnvironment: 'Simulator' }, D2: 'rotto' } }).devices).toEqual({
      D1: expect.objectContaining({ deviceId: 'D1', deviceName: 'D1', isSimulator: true }) as unknown,
    });
  });

  it('round-trips every seeded shop', () => {
    for (const { id, raw } of storedCollection('Shop')) {
      const first = normalizeShop(id, raw);
      expect(normalizeShop(id, toFirestoreShop(first))).toEqual(first);
    }
  });
});
